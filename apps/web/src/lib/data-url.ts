/**
 * A fetched image as a data: URL. Unlike an object URL it needs no revoking, so the query cache
 * may keep it and drop it like any other answer (the images are small: receipts, chat pictures).
 */
export function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('image read failed'));
    reader.readAsDataURL(blob);
  });
}
