// Admin AI configuration: defaults and the bounds an admin may set.
import type { AiConfigGroup } from "../schema/enums";

export type NumberBound = { min: number; max: number; step?: number };

export const AI_CONFIG_DEFAULTS = {
  matching: {
    weightProfile: 0.25,
    weightLocation: 0.2,
    weightAvailability: 0.2,
    weightRating: 0.15,
    weightPrice: 0.1,
    maxDistance: 15,
    minRating: 3,
  },
  security: {
    suspiciousActivityThreshold: 0.8,
    autoBlockEnabled: true,
    backgroundCheckRequired: true,
    photoVerificationEnabled: true,
  },
  recommendations: {
    learningRate: 0.01,
    personalizedWeight: 0.7,
    popularityBoost: 0.1,
    diversityFactor: 0.2,
  },
  performance: {
    cacheTimeout: 300,
    maxConcurrentRequests: 100,
    responseTimeTarget: 2000,
  },
} as const satisfies Record<AiConfigGroup, Record<string, number | boolean>>;

export type AiConfigValues = {
  [G in AiConfigGroup]: {
    [K in keyof (typeof AI_CONFIG_DEFAULTS)[G]]: (typeof AI_CONFIG_DEFAULTS)[G][K] extends boolean ? boolean : number;
  };
};

const WEIGHT: NumberBound = { min: 0, max: 1, step: 0.05 };

/** Bounds of every numeric setting; booleans have none. */
export const AI_CONFIG_BOUNDS: {
  [G in AiConfigGroup]: Partial<Record<keyof (typeof AI_CONFIG_DEFAULTS)[G], NumberBound>>;
} = {
  matching: {
    weightProfile: WEIGHT,
    weightLocation: WEIGHT,
    weightAvailability: WEIGHT,
    weightRating: WEIGHT,
    weightPrice: WEIGHT,
    maxDistance: { min: 1, max: 50, step: 1 },
    minRating: { min: 0, max: 5, step: 0.1 },
  },
  security: {
    suspiciousActivityThreshold: { min: 0.1, max: 1, step: 0.05 },
  },
  recommendations: {
    learningRate: { min: 0.001, max: 0.1, step: 0.001 },
    personalizedWeight: { min: 0, max: 1, step: 0.05 },
    popularityBoost: { min: 0, max: 0.5, step: 0.05 },
    diversityFactor: { min: 0, max: 0.5, step: 0.05 },
  },
  performance: {
    cacheTimeout: { min: 60, max: 3600, step: 60 },
    maxConcurrentRequests: { min: 10, max: 1000, step: 10 },
    responseTimeTarget: { min: 500, max: 10000, step: 100 },
  },
};
