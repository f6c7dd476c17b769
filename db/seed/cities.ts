// French cities of the demo world: real city-centre coordinates (WGS84), department, INSEE
// population (2021, rounded), real postal codes, and a few real street names for addresses.
export type SeedCity = {
  name: string;
  department: string;
  latitude: number;
  longitude: number;
  population: number;
  postalCodes: readonly string[];
  streets: readonly string[];
  /** Relative share of the demo sitters and parents. */
  weight: number;
};

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(2, "0")}`);

export const SEED_CITIES: readonly SeedCity[] = [
  {
    name: "Paris",
    department: "75",
    latitude: 48.8566,
    longitude: 2.3522,
    population: 2_133_000,
    postalCodes: range("750", 1, 20),
    streets: [
      "rue de Rivoli",
      "rue du Faubourg Saint-Antoine",
      "boulevard Voltaire",
      "rue de la Roquette",
      "avenue de Clichy",
      "rue Lecourbe",
      "rue de Vaugirard",
      "rue des Pyrénées",
    ],
    weight: 22,
  },
  {
    name: "Marseille",
    department: "13",
    latitude: 43.2965,
    longitude: 5.3698,
    population: 873_000,
    postalCodes: range("130", 1, 16),
    streets: ["La Canebière", "rue de Rome", "boulevard Baille", "avenue du Prado", "rue Paradis"],
    weight: 9,
  },
  {
    name: "Lyon",
    department: "69",
    latitude: 45.764,
    longitude: 4.8357,
    population: 522_000,
    postalCodes: range("690", 1, 9),
    streets: ["rue de la République", "cours Lafayette", "rue Victor Hugo", "avenue Jean Jaurès", "rue Garibaldi"],
    weight: 10,
  },
  {
    name: "Toulouse",
    department: "31",
    latitude: 43.6047,
    longitude: 1.4442,
    population: 504_000,
    postalCodes: ["31000", "31100", "31200", "31300", "31400", "31500"],
    streets: ["rue d'Alsace-Lorraine", "allées Jean Jaurès", "rue de Metz", "avenue de Grande-Bretagne"],
    weight: 8,
  },
  {
    name: "Nice",
    department: "06",
    latitude: 43.7102,
    longitude: 7.262,
    population: 348_000,
    postalCodes: ["06000", "06100", "06200", "06300"],
    streets: ["avenue Jean Médecin", "boulevard Gambetta", "rue de France", "avenue de la Californie"],
    weight: 6,
  },
  {
    name: "Nantes",
    department: "44",
    latitude: 47.2184,
    longitude: -1.5536,
    population: 323_000,
    postalCodes: ["44000", "44100", "44200", "44300"],
    streets: ["rue Crébillon", "boulevard de la Prairie au Duc", "rue Paul Bellamy", "quai de la Fosse"],
    weight: 6,
  },
  {
    name: "Montpellier",
    department: "34",
    latitude: 43.6108,
    longitude: 3.8767,
    population: 302_000,
    postalCodes: ["34000", "34070", "34080", "34090"],
    streets: ["rue de la Loge", "avenue de Toulouse", "rue du Faubourg Boutonnet", "avenue de Lodève"],
    weight: 6,
  },
  {
    name: "Strasbourg",
    department: "67",
    latitude: 48.5734,
    longitude: 7.7521,
    population: 291_000,
    postalCodes: ["67000", "67100", "67200"],
    streets: ["rue du Faubourg National", "avenue des Vosges", "route du Polygone", "rue de la Krutenau"],
    weight: 5,
  },
  {
    name: "Bordeaux",
    department: "33",
    latitude: 44.8378,
    longitude: -0.5792,
    population: 261_000,
    postalCodes: ["33000", "33100", "33200", "33300", "33800"],
    streets: ["cours de l'Intendance", "rue Sainte-Catherine", "cours Victor Hugo", "rue Fondaudège"],
    weight: 6,
  },
  {
    name: "Lille",
    department: "59",
    latitude: 50.6292,
    longitude: 3.0573,
    population: 236_000,
    postalCodes: ["59000", "59160", "59260", "59777", "59800"],
    streets: ["rue Nationale", "boulevard de la Liberté", "rue Solférino", "rue de Gand"],
    weight: 5,
  },
  {
    name: "Rennes",
    department: "35",
    latitude: 48.1173,
    longitude: -1.6778,
    population: 228_000,
    postalCodes: ["35000", "35200", "35700"],
    streets: ["rue de Saint-Malo", "boulevard de la Liberté", "rue de Paris", "avenue Janvier"],
    weight: 5,
  },
  {
    name: "Grenoble",
    department: "38",
    latitude: 45.1885,
    longitude: 5.7245,
    population: 156_000,
    postalCodes: ["38000", "38100"],
    streets: ["cours Jean Jaurès", "avenue Alsace-Lorraine", "rue Thiers", "boulevard Gambetta"],
    weight: 4,
  },
  {
    name: "Reims",
    department: "51",
    latitude: 49.2583,
    longitude: 4.0317,
    population: 178_000,
    postalCodes: ["51100"],
    streets: ["rue de Vesle", "boulevard Lundy", "avenue de Laon"],
    weight: 3,
  },
  {
    name: "Dijon",
    department: "21",
    latitude: 47.322,
    longitude: 5.0415,
    population: 159_000,
    postalCodes: ["21000"],
    streets: ["rue de la Liberté", "boulevard de Brosses", "rue Monge"],
    weight: 3,
  },
  {
    name: "Angers",
    department: "49",
    latitude: 47.4784,
    longitude: -0.5632,
    population: 157_000,
    postalCodes: ["49000", "49100"],
    streets: ["boulevard Foch", "rue Saint-Aubin", "avenue Pasteur"],
    weight: 3,
  },
  {
    name: "Toulon",
    department: "83",
    latitude: 43.1242,
    longitude: 5.928,
    population: 180_000,
    postalCodes: ["83000", "83100", "83200"],
    streets: ["boulevard de Strasbourg", "avenue de la République", "rue Jean Jaurès"],
    weight: 3,
  },
];

/** Moves a point by up to maxKm in a random direction (1 degree of latitude is about 111 km). */
export function jitter(city: SeedCity, maxKm: number, random: () => number): { latitude: number; longitude: number } {
  const distanceKm = Math.sqrt(random()) * maxKm;
  const angle = random() * 2 * Math.PI;
  const dLat = (distanceKm * Math.cos(angle)) / 111.32;
  const dLng = (distanceKm * Math.sin(angle)) / (111.32 * Math.cos((city.latitude * Math.PI) / 180));
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { latitude: round(city.latitude + dLat), longitude: round(city.longitude + dLng) };
}
