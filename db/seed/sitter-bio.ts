// The demo sitters' bios, written from their profile so that nothing in them contradicts it: French
// agreement with the sitter's gender, the experience the profile states ('depuis quelques mois'
// when it says less than a year, 'depuis 1 an', 'depuis 3 ans'), only languages, specialties and
// certifications the profile lists, availability and references only when the profile has them.
import { BIO_MAX_LENGTH } from "../constants/limits";
import type { Language, Specialty } from "../schema/enums";
import type { WeeklyAvailability } from "../schema/profiles";
import type { Gender } from "./avatars";
import type { Rng } from "./random";

export type SitterFacts = {
  gender: Gender;
  experienceYears: number;
  languages: readonly Language[];
  specialties: readonly Specialty[];
  certifications: readonly string[];
  hasReferences: boolean;
  emergencyAvailable: boolean;
  availableHours: WeeklyAvailability;
};

/** The same words for her and for him: [feminine, masculine]. */
type Gendered = readonly [string, string];
const agree = (text: string | Gendered, gender: Gender) =>
  typeof text === "string" ? text : gender === "female" ? text[0] : text[1];

/** 'depuis quelques mois', 'depuis 1 an', 'depuis 4 ans'. */
export function sinceWording(years: number): string {
  if (years < 1) return "depuis quelques mois";
  return `depuis ${years} ${years === 1 ? "an" : "ans"}`;
}

/** 'quelques mois d'expérience', '1 an d'expérience', '4 ans d'expérience'. */
export function experienceWording(years: number): string {
  if (years < 1) return "quelques mois d'expérience";
  return `${years} ${years === 1 ? "an" : "ans"} d'expérience`;
}

type Opening = {
  text: Gendered;
  minYears?: number;
  maxYears?: number;
  /** The opening names this specialty, so the profile must list it. */
  specialty?: Specialty;
};

/** {since} and {experience} are filled with the wordings above. */
const OPENINGS: readonly Opening[] = [
  {
    text: [
      "Étudiante en sciences de l'éducation, je garde des enfants {since}.",
      "Étudiant en sciences de l'éducation, je garde des enfants {since}.",
    ],
    maxYears: 5,
  },
  {
    text: [
      "Étudiante en STAPS, j'accompagne les enfants {since}, surtout pour les sorties et le sport.",
      "Étudiant en STAPS, j'accompagne les enfants {since}, surtout pour les sorties et le sport.",
    ],
    maxYears: 5,
    specialty: "sports",
  },
  {
    text: [
      "Étudiante en master d'orthophonie, je fais du baby-sitting {since}.",
      "Étudiant en master d'orthophonie, je fais du baby-sitting {since}.",
    ],
    maxYears: 6,
  },
  {
    text: [
      "Maman de deux grands enfants, j'ai {experience} en garde à domicile.",
      "Papa de deux grands enfants, j'ai {experience} en garde à domicile.",
    ],
    minYears: 3,
  },
  {
    text: [
      "Ancienne assistante maternelle agréée, je propose mes services de baby-sitting avec {experience}.",
      "Ancien assistant maternel agréé, je propose mes services de baby-sitting avec {experience}.",
    ],
    minYears: 6,
  },
  {
    text: [
      "Passionnée par la petite enfance, je suis baby-sitter {since}.",
      "Passionné par la petite enfance, je suis baby-sitter {since}.",
    ],
  },
  {
    text: [
      "Animatrice en centre de loisirs le mercredi, j'ai {experience} avec les enfants.",
      "Animateur en centre de loisirs le mercredi, j'ai {experience} avec les enfants.",
    ],
    minYears: 1,
  },
  {
    text: [
      "Forte de {experience} auprès des familles, je m'adapte aux habitudes de chaque maison.",
      "Fort de {experience} auprès des familles, je m'adapte aux habitudes de chaque maison.",
    ],
    minYears: 8,
  },
  {
    text: [
      "Nouvelle sur Veilleuse, je fais du baby-sitting {since} et j'adore ça.",
      "Nouveau sur Veilleuse, je fais du baby-sitting {since} et j'adore ça.",
    ],
    maxYears: 1,
  },
];

/** One sentence per specialty, said only by sitters who list it. */
const SPECIALTY_SENTENCES: Record<Specialty, string | Gendered> = {
  newborn: "Je suis à l'aise avec les nourrissons : biberons, changes, siestes et routines du coucher.",
  toddler: "J'aime accompagner les tout-petits dans leurs découvertes, à leur rythme.",
  preschool: "Avec les enfants de maternelle, je privilégie les comptines, les jeux d'éveil et les histoires.",
  school_age: "J'ai l'habitude des sorties d'école et des trajets vers les activités du mercredi.",
  teen: "Je m'entends bien avec les adolescents : je leur laisse de l'autonomie tout en gardant un cadre.",
  special_needs: "J'ai déjà accompagné un enfant autiste et je sais adapter le rythme de chacun.",
  homework: "J'aide volontiers aux devoirs, du CP jusqu'au collège.",
  creative: "J'aime proposer des activités créatives : peinture, pâte à modeler, bricolages.",
  sports: "Les sorties au parc, les jeux de ballon et les balades à vélo sont mes activités préférées.",
  cooking: "Je prépare volontiers des goûters et des repas simples et équilibrés avec les enfants.",
  first_aid: [
    "Formée aux gestes de premiers secours, je garde mon calme en toute situation.",
    "Formé aux gestes de premiers secours, je garde mon calme en toute situation.",
  ],
  foreign_languages: "Je propose de petits jeux pour découvrir une langue étrangère en s'amusant.",
};

const LANGUAGE_NAMES: Record<Language, string> = {
  fr: "français",
  en: "anglais",
  es: "espagnol",
  it: "italien",
  de: "allemand",
  ar: "arabe",
  zh: "chinois",
};

/** 'anglais', 'anglais et espagnol', 'anglais, italien et arabe'. */
function listWords(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} et ${words[words.length - 1]}`;
}

/** How the certification reads after 'Titulaire'. */
const CERTIFICATION_WORDING: Record<string, string> = {
  "PSC1 (Prévention et secours civiques)": "du PSC1",
  "SST (Sauveteur secouriste du travail)": "du SST",
  BAFA: "du BAFA",
  "CAP AEPE (Accompagnant éducatif petite enfance)": "du CAP AEPE",
  "Diplôme d'État d'auxiliaire de puériculture": "du diplôme d'État d'auxiliaire de puériculture",
  "Diplôme d'État d'éducateur de jeunes enfants": "du diplôme d'État d'éducateur de jeunes enfants",
  BPJEPS: "du BPJEPS",
  "Formation gestes d'urgence pédiatriques": "d'une formation aux gestes d'urgence pédiatriques",
  "Licence Sciences de l'éducation": "d'une licence en sciences de l'éducation",
};

const endsBy = (slots: [string, string][] | undefined, time: string) => (slots ?? []).some(([, end]) => end >= time);

/** Sentences that close a bio, each only where the profile backs it. */
function closings(facts: SitterFacts): string[] {
  const { gender, availableHours: week } = facts;
  const out: string[] = [
    agree(
      [
        "Ponctuelle, patiente et souriante, je tiens les parents informés tout au long de la garde.",
        "Ponctuel, patient et souriant, je tiens les parents informés tout au long de la garde.",
      ],
      gender,
    ),
    agree(
      [
        "Non-fumeuse et véhiculée, je me déplace facilement dans toute la ville.",
        "Non-fumeur et véhiculé, je me déplace facilement dans toute la ville.",
      ],
      gender,
    ),
  ];
  const evenings = (["mon", "tue", "wed", "thu", "fri"] as const).some((day) => endsBy(week[day], "22:00"));
  const weekend = Boolean(week.sat?.length || week.sun?.length);
  const when = evenings && weekend ? "en soirée et le week-end" : evenings ? "en soirée" : weekend ? "le week-end" : "";
  if (when)
    out.push(
      facts.emergencyAvailable
        ? `Je suis disponible ${when}, et parfois en dépannage de dernière minute.`
        : `Je suis disponible ${when}.`,
    );
  else if (facts.emergencyAvailable) out.push("Je peux aussi dépanner à la dernière minute.");
  if (facts.hasReferences)
    out.push("Les parents apprécient ma bienveillance et ma fiabilité : références disponibles sur demande.");
  const certificates = facts.certifications.map((c) => CERTIFICATION_WORDING[c]).filter(Boolean);
  if (certificates.length > 0) out.push(`Je suis titulaire ${listWords(certificates.slice(0, 2))}.`);
  return out;
}

/**
 * A 3-4 sentence bio within BIO_MAX_LENGTH: an opening that fits her experience, one or two of her
 * specialties, the languages she speaks besides French, and a closing the profile backs.
 */
export function composeSitterBio(rng: Rng, facts: SitterFacts): string {
  const { gender, experienceYears: years, specialties } = facts;
  const openings = OPENINGS.filter(
    (o) =>
      years >= (o.minYears ?? 0) &&
      years <= (o.maxYears ?? Infinity) &&
      (!o.specialty || specialties.includes(o.specialty)),
  );
  const opening = agree(rng.pick(openings).text, gender)
    .replace("{since}", sinceWording(years))
    .replace("{experience}", experienceWording(years));
  const middle = rng.pickSome(specialties, 1, 2).map((s) => agree(SPECIALTY_SENTENCES[s], gender));
  const others = facts.languages.filter((l) => l !== "fr").map((l) => LANGUAGE_NAMES[l]);
  const languages =
    others.length > 0 ? [`Je parle aussi ${listWords(others)} avec les enfants qui le souhaitent.`] : [];
  const sentences = [opening, ...middle, ...languages, rng.pick(closings(facts))];
  // Drop middle sentences until it fits: never cut a sentence in half.
  while (sentences.join(" ").length > BIO_MAX_LENGTH && sentences.length > 2) sentences.splice(1, 1);
  return sentences.join(" ");
}

/** Parents' bios, by the parent's gender and how many children they have. */
export function parentBio(roll: number, gender: Gender, childCount: number): string | null {
  const children =
    childCount === 1 ? "d'un enfant plein" : childCount === 2 ? "de deux enfants pleins" : "de trois enfants pleins";
  const kids = childCount === 1 ? "notre enfant adore" : "nos enfants adorent";
  const options: (string | null)[] = [
    `Parents ${children} d'énergie, nous cherchons une personne de confiance pour les mercredis.`,
    gender === "female"
      ? "Maman solo, je travaille en horaires décalés et j'ai besoin d'aide ponctuelle en soirée."
      : "Papa solo, je travaille en horaires décalés et j'ai besoin d'aide ponctuelle en soirée.",
    `Nous habitons près du parc et ${kids} jouer dehors.`,
    "Famille franco-anglaise, nous apprécions les baby-sitters qui parlent anglais.",
    null,
    null,
  ];
  return options[Math.floor(roll * options.length)];
}
