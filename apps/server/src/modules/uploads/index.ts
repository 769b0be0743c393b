export { createUploadsModule } from './uploads.module';
export type { ImageService } from './image.service';
