import { api } from '../../../lib/api-client';

export interface UploadedImage {
  imageId: string;
  size: number;
}

/** A receipt or proof image (png or jpg, checked again by the server), sent as the raw body. */
export const uploadImage = (file: Blob) => api.upload<UploadedImage>('/wps/cashier/images', file);
