// Profile photos: POST /api/profile/photo takes the image bytes as the body; the type comes from
// the bytes, never from a name or a header; the photo is served from R2 at /api/photos/{key}.
import { beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES, REQUEST_LIMITS } from "../../db/constants/limits";
import { GIF, JPEG, PNG, SCRIPT_TEXT, WEBP } from "../fixtures/images";
import { baseUrl, type Member, newMember, queryRows } from "./helpers";

const PHOTO_URL = /^\/api\/photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

async function upload(
  member: Member,
  bytes: Uint8Array<ArrayBuffer>,
  contentType?: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl()}/api/profile/photo`, {
    method: "POST",
    headers: { cookie: member.cookie, ...(contentType && { "content-type": contentType }), ...headers },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}

const photoUrlOf = async (member: Member) =>
  (await queryRows("SELECT photo_url FROM profiles WHERE id = ?", [member.profileId]))[0].photo_url as string | null;

const fetchPhoto = (url: string) => fetch(`${baseUrl()}${url}`);

describe("POST /api/profile/photo", () => {
  let member: Member;
  beforeAll(async () => {
    member = await newMember("parent");
  });

  it("needs a session", async () => {
    const response = await fetch(`${baseUrl()}/api/profile/photo`, { method: "POST", body: PNG });
    expect(response.status).toBe(401);
  });

  it("stores each accepted type under a random key, serves it for a year, and deletes the photo it replaces", async () => {
    let previous: string | null = null;
    for (const [bytes, type, extension] of [
      [PNG, "image/png", "png"],
      [JPEG, "image/jpeg", "jpg"],
      [WEBP, "image/webp", "webp"],
    ] as const) {
      const { status, body } = await upload(member, bytes, type);
      expect(status, type).toBe(200);
      const url = body.profile.photo_url as string;
      expect(url).toMatch(PHOTO_URL);
      expect(url.endsWith(`.${extension}`)).toBe(true);
      expect(await photoUrlOf(member)).toBe(url);

      const served = await fetchPhoto(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
      if (previous) expect((await fetchPhoto(previous)).status).toBe(404);
      previous = url;
    }
  });

  it("reads the type from the bytes when the body is sent as application/octet-stream or untyped", async () => {
    const generic = await upload(member, JPEG, "application/octet-stream");
    expect(generic.status).toBe(200);
    expect(generic.body.profile.photo_url).toMatch(/\.jpg$/);
    expect((await fetchPhoto(generic.body.profile.photo_url)).headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses what only claims to be a JPEG, PNG or WebP, in French and English, changing nothing", async () => {
    const before = await photoUrlOf(member);
    const script = await upload(member, SCRIPT_TEXT, "image/jpeg");
    expect(script.status).toBe(415);
    expect(script.body.error).toEqual({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Format non pris en charge : choisissez une photo JPEG, PNG ou WebP",
    });
    const gif = await upload(member, GIF, "image/gif", { "accept-language": "en" });
    expect(gif.status).toBe(415);
    expect(gif.body.error.message).toBe("Unsupported format: choose a JPEG, PNG or WebP photo");
    const pngAsJpeg = await upload(member, PNG, "image/jpeg");
    expect(pngAsJpeg.status).toBe(415);
    expect(pngAsJpeg.body.error.code).toBe("PHOTO_TYPE_MISMATCH");
    expect(pngAsJpeg.body.error.message).toBe(
      "Le contenu du fichier ne correspond pas à son format : choisissez une vraie photo JPEG, PNG ou WebP",
    );
    const empty = await upload(member, new Uint8Array(), "image/png");
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Aucune photo reçue");
    expect(await photoUrlOf(member)).toBe(before);
  });

  it("refuses a photo over the limit with 413 and a message, declared or streamed, changing nothing", async () => {
    const before = await photoUrlOf(member);
    const tooBig = new Uint8Array(PHOTO_MAX_BYTES + 1);
    tooBig.set(PNG);
    const declared = await upload(member, tooBig, "image/png");
    expect(declared.status).toBe(413);
    expect(declared.body.error).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "La photo dépasse la taille maximale de 5 Mo",
    });
    const streamed = await fetch(`${baseUrl()}/api/profile/photo`, {
      method: "POST",
      headers: { cookie: member.cookie, "content-type": "image/png", "accept-language": "en" },
      body: new Blob([tooBig]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as any).error.message).toBe("The photo is larger than the 5 MB limit");
    const atLimit = new Uint8Array(PHOTO_MAX_BYTES);
    atLimit.set(PNG);
    expect((await upload(member, atLimit, "image/png")).status).toBe(200);
    expect(await photoUrlOf(member)).not.toBe(before);
  });
});

describe("DELETE /api/profile/photo", () => {
  it("goes back to the default avatar and deletes the stored photo; another account's photo is untouched", async () => {
    const [owner, other] = await Promise.all([newMember("babysitter"), newMember("parent")]);
    const mine = (await upload(owner, PNG, "image/png")).body.profile.photo_url as string;
    const theirs = (await upload(other, JPEG, "image/jpeg")).body.profile.photo_url as string;

    const response = await fetch(`${baseUrl()}/api/profile/photo`, {
      method: "DELETE",
      headers: { cookie: owner.cookie },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).profile.photo_url).toBeNull();
    expect(await photoUrlOf(owner)).toBeNull();
    expect((await fetchPhoto(mine)).status).toBe(404);
    expect(await photoUrlOf(other)).toBe(theirs);
    expect((await fetchPhoto(theirs)).status).toBe(200);
  });
});

describe("GET /api/photos/{key}", () => {
  it("answers 404 for an unknown or malformed key", async () => {
    for (const key of ["00000000-0000-4000-8000-000000000000.png", "..%2Fsecrets", "not-a-key.png"]) {
      const response = await fetchPhoto(`/api/photos/${key}`);
      expect(response.status, key).toBe(404);
      expect(((await response.json()) as any).error).toEqual({ code: "NOT_FOUND", message: "Photo introuvable" });
    }
  });
});

describe("the upload limit per account", () => {
  it("refuses uploads past the limit with 429 and Retry-After", async () => {
    const member = await newMember("parent");
    const { maxAttempts } = REQUEST_LIMITS.photoUploadPerUser;
    for (let i = 0; i < maxAttempts; i++) expect((await upload(member, PNG, "image/png")).status).toBe(200);
    const refused = await upload(member, PNG, "image/png");
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await upload(await newMember("parent"), PNG, "image/png")).status).toBe(200);
  });
});
