import { CASHIER_LIMITS } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api-client';

/**
 * An image for a deposit receipt, a payout proof, a promotion application or feedback (png or jpg,
 * checked again by the server), sent as the raw body; the member's own uploads only can be attached.
 */
const uploadImage = (file: Blob) =>
  api.upload<{ imageId: string; size: number }>('/wps/cashier/images', file);

interface PickedImage {
  key: string;
  file: File;
  /** Object URL of the preview; revoked when the image is removed or the form goes away. */
  url: string;
}

/** Why a chosen file was not taken. */
export type PickProblem = { kind: 'type' | 'size'; name: string } | { kind: 'count'; max: number };

/**
 * Images chosen for upload: receipts, proofs, promotion applications, feedback (SPEC section 5:
 * png or jpg, at most 5 MB each, at most 3),
 * checked here before anything is sent; the server checks the bytes again. `upload()` sends
 * each image once: a retried submission reuses the ids already received.
 */
export function usePickedImages() {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problems, setProblems] = useState<PickProblem[]>([]);
  const uploaded = useRef(new Map<string, string>());
  // The images as last rendered, for callbacks and the clean-up on unmount.
  const latest = useRef<PickedImage[]>([]);
  useEffect(() => {
    latest.current = images;
  }, [images]);
  useEffect(() => () => latest.current.forEach((i) => URL.revokeObjectURL(i.url)), []);

  const add = useCallback((files: FileList | File[]) => {
    const found: PickProblem[] = [];
    const taken: PickedImage[] = [];
    let room = CASHIER_LIMITS.maxImages - latest.current.length;
    for (const file of Array.from(files)) {
      if (!CASHIER_LIMITS.imageTypes.includes(file.type)) found.push({ kind: 'type', name: file.name });
      else if (file.size > CASHIER_LIMITS.maxImageBytes) found.push({ kind: 'size', name: file.name });
      else if (room <= 0) {
        if (!found.some((p) => p.kind === 'count'))
          found.push({ kind: 'count', max: CASHIER_LIMITS.maxImages });
      } else {
        room -= 1;
        taken.push({ key: crypto.randomUUID(), file, url: URL.createObjectURL(file) });
      }
    }
    setProblems(found);
    if (taken.length) setImages((list) => [...list, ...taken]);
  }, []);

  const remove = useCallback((key: string) => {
    setProblems([]);
    setImages((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      uploaded.current.delete(key);
      return list.filter((i) => i.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    latest.current.forEach((i) => URL.revokeObjectURL(i.url));
    uploaded.current.clear();
    setImages([]);
    setProblems([]);
  }, []);

  /** Uploads what is not uploaded yet; the image ids in the order shown. */
  const upload = useCallback(async (): Promise<string[]> => {
    const ids: string[] = [];
    for (const image of latest.current) {
      let id = uploaded.current.get(image.key);
      if (!id) {
        id = (await uploadImage(image.file)).imageId;
        uploaded.current.set(image.key, id);
      }
      ids.push(id);
    }
    return ids;
  }, []);

  return { images, problems, add, remove, clear, upload };
}

export type PickedImages = ReturnType<typeof usePickedImages>;
