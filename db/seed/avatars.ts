// Portraits of the demo world's people, drawn locally by DiceBear (the 'Avataaars' style by Pablo
// Stanley, free for personal and commercial use) as SVG: no network at seed time. Each avatar is
// stored like an uploaded photo: an object in the PHOTOS bucket under a random-looking UUID key,
// named by profiles.photo_url = /api/photos/{key} (edge/services/profiles/photos.ts).
import { createRequire } from "node:module";
import { Avatar, Style } from "@dicebear/core";
import { PHOTO_URL_PREFIX } from "../constants/limits";
import { createRng, type Rng } from "./random";

export type Gender = "female" | "male";

/** An object to put in the photo bucket: its key, its bytes and their type. */
/** An object for a bucket: an avatar for PHOTOS (the default), or a demo document file for DOCUMENTS. */
export type SeedPhoto =
  | { key: string; body: string; contentType: "image/svg+xml"; bucket?: "PHOTOS" }
  | { key: string; body: string; contentType: "application/pdf"; bucket: "DOCUMENTS" };

// The style is a JSON definition read at run time (not imported), so the type checker does not
// infer a type for its 125 KB.
const require = createRequire(import.meta.url);
const definition: unknown = require("@dicebear/styles/avataaars.json");
const style = new Style(definition as ConstructorParameters<typeof Style>[0]);

/** Weighted picks: skin tones of a French city, hair that goes with them, soft backgrounds. */
const SKIN: readonly (readonly [string, number])[] = [
  ["#ffdbb4", 4],
  ["#edb98a", 5],
  ["#d08b5b", 3],
  ["#ae5d29", 2],
  ["#614335", 2],
];
const HAIR_LIGHT_SKIN: readonly (readonly [string, number])[] = [
  ["#2c1b18", 3],
  ["#4a312c", 4],
  ["#724133", 4],
  ["#a55728", 2],
  ["#b58143", 2],
  ["#d6b370", 2],
  ["#c93305", 1],
];
const HAIR_DARK_SKIN: readonly (readonly [string, number])[] = [
  ["#2c1b18", 6],
  ["#4a312c", 3],
  ["#724133", 1],
];
const GREY_HAIR = "#e8e1e1";
const BACKGROUNDS = ["#b6e3f4", "#c0aede", "#d1d4f9", "#ffd5dc", "#ffdfbf", "#c9f2d8"] as const;
const CLOTHES_COLORS = ["#262e33", "#65c9ff", "#5199e4", "#25557c", "#e6e6e6", "#929598", "#3c4f5c", "#ffafb9"];

/** Smiling, natural faces only: the style's crying eyes, vomiting mouths and skull shirts are left out. */
const FACE = {
  eyesVariant: { default: 3, happy: 1, wink: 1 },
  eyebrowsVariant: ["default", "defaultNatural", "raisedExcitedNatural", "flatNatural"],
  mouthVariant: { smile: 3, default: 1, twinkle: 2 },
  accessoriesVariant: ["prescription01", "prescription02", "round"],
  accessoriesProbability: 15,
  clothesColor: CLOTHES_COLORS,
  topProbability: 100,
};

const BY_GENDER: Record<Gender, Record<string, unknown>> = {
  female: {
    topVariant: [
      "bigHair",
      "bob",
      "bun",
      "curly",
      "curvy",
      "fro",
      "froBand",
      "longButNotTooLong",
      "miaWallace",
      "straight01",
      "straight02",
      "straightAndStrand",
      "frida",
    ],
    facialHairProbability: 0,
    clothesVariant: [
      "blazerAndShirt",
      "blazerAndSweater",
      "collarAndSweater",
      "hoodie",
      "shirtCrewNeck",
      "shirtScoopNeck",
      "shirtVNeck",
      "overall",
    ],
  },
  male: {
    topVariant: [
      "dreads01",
      "frizzle",
      "shaggy",
      "shortCurly",
      "shortFlat",
      "shortRound",
      "shortWaved",
      "sides",
      "theCaesar",
      "theCaesarAndSidePart",
    ],
    facialHairProbability: 30,
    facialHairVariant: ["beardLight", "beardMedium", "moustacheFancy"],
    clothesVariant: ["blazerAndShirt", "blazerAndSweater", "collarAndSweater", "hoodie", "shirtCrewNeck", "shirtVNeck"],
  },
};

export type AvatarInput = {
  /** The profile id: the avatar's seed, so a person keeps the same face on every run. */
  profileId: string;
  gender: Gender;
  /** Older people may have grey hair (a sitter with long experience, some parents). */
  mature?: boolean;
};

/**
 * The stored photo and the photo_url that names it. The avatar has its own generator, seeded by the
 * profile id: the world's stream of draws (names, bookings...) stays as it was without avatars.
 */
export function avatarPhoto(input: AvatarInput): { photo: SeedPhoto; photoUrl: string } {
  const rng = createRng(hashString(`avatar:${input.profileId}`));
  const key = `${rng.uuid()}.svg`;
  return {
    photo: { key, body: avatarSvg(rng, input), contentType: "image/svg+xml" },
    photoUrl: `${PHOTO_URL_PREFIX}${key}`,
  };
}

/** The SVG portrait of one person. */
function avatarSvg(rng: Rng, { profileId, gender, mature = false }: AvatarInput): string {
  const skin = rng.weighted(SKIN);
  const darkSkin = skin === "#ae5d29" || skin === "#614335";
  const hair = mature && rng.chance(0.5) ? GREY_HAIR : rng.weighted(darkSkin ? HAIR_DARK_SKIN : HAIR_LIGHT_SKIN);
  return new Avatar(style, {
    seed: profileId,
    size: 256,
    ...FACE,
    ...BY_GENDER[gender],
    skinColor: skin,
    hairColor: hair,
    facialHairColor: hair,
    backgroundColor: rng.pick(BACKGROUNDS),
  }).toString();
}

/** FNV-1a, 32 bits: a stable number from a string, to seed a generator. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
