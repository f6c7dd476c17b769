// Photo checks: the type comes from the file's first bytes, a declared image type must agree with
// them, and the size limit holds; keys are random and only our own shape is ever looked up.
import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "../../db/constants/limits";
import {
  checkPhoto,
  isPhotoKey,
  newPhotoKey,
  PHOTO_URL_PREFIX,
  photoKeyOf,
  sniffImageType,
} from "../../edge/services/profiles/photos";
import { ApiError } from "../../edge/lib/errors";
import { GIF, JPEG, PNG, SCRIPT_TEXT, WEBP } from "../fixtures/images";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, key: error.messageKey };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("sniffImageType", () => {
  it("recognises JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(WEBP)).toBe("image/webp");
  });

  it("refuses text, other images and truncated signatures", () => {
    expect(sniffImageType(SCRIPT_TEXT)).toBeNull();
    expect(sniffImageType(GIF)).toBeNull();
    expect(sniffImageType(PNG.slice(0, 7))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    // RIFF containers that are not WebP (a WAV file) are refused.
    const wav = new Uint8Array(WEBP);
    wav.set(new TextEncoder().encode("WAVE"), 8);
    expect(sniffImageType(wav)).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("checkPhoto", () => {
  it("keeps the sniffed type, whatever generic type was declared", () => {
    expect(checkPhoto(PNG, "image/png").type).toBe("image/png");
    expect(checkPhoto(JPEG, "application/octet-stream").type).toBe("image/jpeg");
    expect(checkPhoto(WEBP, null).type).toBe("image/webp");
    expect(checkPhoto(JPEG, "IMAGE/JPEG; charset=binary").type).toBe("image/jpeg");
  });

  it("refuses an empty body, an impostor, a type mismatch and a file over the limit", () => {
    expect(refusal(() => checkPhoto(new Uint8Array(), "image/png"))).toEqual({
      status: 400,
      code: "PHOTO_MISSING",
      key: "profiles.photos.missing",
    });
    expect(refusal(() => checkPhoto(SCRIPT_TEXT, "image/jpeg"))).toMatchObject({
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
    expect(refusal(() => checkPhoto(PNG, "image/jpeg"))).toMatchObject({ status: 415, code: "PHOTO_TYPE_MISMATCH" });
    const tooBig = new Uint8Array(PHOTO_MAX_BYTES + 1);
    tooBig.set(PNG);
    expect(refusal(() => checkPhoto(tooBig, "image/png"))).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      key: "profiles.photos.tooLarge",
    });
    const atLimit = new Uint8Array(PHOTO_MAX_BYTES);
    atLimit.set(PNG);
    expect(checkPhoto(atLimit, "image/png").type).toBe("image/png");
  });
});

describe("photo keys", () => {
  it("are random UUIDs with the type's extension", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newPhotoKey("image/webp")));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(isPhotoKey(key) && key.endsWith(".webp")).toBe(true);
    expect(newPhotoKey("image/jpeg")).toMatch(/\.jpg$/);
  });

  it("are read back only from our own photo URLs", () => {
    const key = newPhotoKey("image/png");
    expect(photoKeyOf(`${PHOTO_URL_PREFIX}${key}`)).toBe(key);
    expect(photoKeyOf(null)).toBeNull();
    expect(photoKeyOf(`https://example.com/${key}`)).toBeNull();
    expect(photoKeyOf(`${PHOTO_URL_PREFIX}../${key}`)).toBeNull();
    expect(isPhotoKey("not-a-key.png")).toBe(false);
    expect(isPhotoKey(key.replace(".png", ".gif"))).toBe(false);
  });
});
