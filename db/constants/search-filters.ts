// Search filter options. Stored values are slugs/codes from db/schema/enums.ts;
// labels are i18n keys (the French label is kept alongside for logs and CSV exports).
import { AGE_GROUPS, LANGUAGES, SPECIALTIES, type AgeGroup, type Language, type Specialty } from "../schema/enums";

export const SEARCH_INPUT_DELAY_MS = 300;
export const SEARCH_SKELETON_CARDS = 6;
export const CARD_MAX_LANGUAGES = 3;
export const CARD_MAX_SPECIALTIES = 2;
export const MAP_CENTER_PARIS = { latitude: 48.8566, longitude: 2.3522 } as const;

export const LANGUAGE_OPTIONS: readonly { value: Language; labelKey: string; labelFr: string }[] = [
  { value: "fr", labelKey: "languages.fr", labelFr: "Français" },
  { value: "en", labelKey: "languages.en", labelFr: "Anglais" },
  { value: "es", labelKey: "languages.es", labelFr: "Espagnol" },
  { value: "it", labelKey: "languages.it", labelFr: "Italien" },
  { value: "de", labelKey: "languages.de", labelFr: "Allemand" },
  { value: "ar", labelKey: "languages.ar", labelFr: "Arabe" },
  { value: "zh", labelKey: "languages.zh", labelFr: "Chinois" },
];

/** Age bounds in months, so "0-12 mois" and "13 ans et +" share one scale. */
export const AGE_GROUP_OPTIONS: readonly {
  value: AgeGroup;
  labelKey: string;
  minMonths: number;
  maxMonths: number | null;
}[] = [
  { value: "0-12m", labelKey: "ageGroups.0-12m", minMonths: 0, maxMonths: 12 },
  { value: "1-2", labelKey: "ageGroups.1-2", minMonths: 12, maxMonths: 36 },
  { value: "3-5", labelKey: "ageGroups.3-5", minMonths: 36, maxMonths: 72 },
  { value: "6-12", labelKey: "ageGroups.6-12", minMonths: 72, maxMonths: 156 },
  { value: "13+", labelKey: "ageGroups.13+", minMonths: 156, maxMonths: null },
];

export const SPECIALTY_OPTIONS: readonly { value: Specialty; labelKey: string }[] = SPECIALTIES.map((value) => ({
  value,
  labelKey: `specialties.${value}`,
}));

export const EXPERIENCE_OPTIONS = [
  { value: "0-1", labelKey: "experience.0-1", minYears: 0, maxYears: 1 },
  { value: "1-3", labelKey: "experience.1-3", minYears: 1, maxYears: 3 },
  { value: "3-5", labelKey: "experience.3-5", minYears: 3, maxYears: 5 },
  { value: "5+", labelKey: "experience.5+", minYears: 5, maxYears: null },
] as const;
export type ExperienceOption = (typeof EXPERIENCE_OPTIONS)[number]["value"];

// Re-check at load time that the option lists cover the enums exactly (a typo would hide a filter).
if (LANGUAGE_OPTIONS.length !== LANGUAGES.length || AGE_GROUP_OPTIONS.length !== AGE_GROUPS.length) {
  throw new Error("search-filters: option lists out of sync with db/schema/enums.ts");
}
