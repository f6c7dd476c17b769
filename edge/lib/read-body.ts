// Raw request bodies (a photo upload) read with a size limit of their own.
import type { ApiError } from "./errors";

/**
 * The request body, refused with `tooLarge()` as soon as it passes `max` bytes: at once when its
 * Content-Length says so, else while it streams in (nothing past the limit is read).
 */
export async function readBodyUpTo(
  request: Request,
  max: number,
  tooLarge: () => ApiError,
): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? 0) > max) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
