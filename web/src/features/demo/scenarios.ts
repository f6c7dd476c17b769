// The demo's three scenarios, four steps each. Texts are in i18n under
// demo.scenarios.<scenario>.steps.<step>; each step has an illustration (components/illustrations).
import { type LucideIcon, Search, ShieldPlus, UserRound } from "lucide-react";

export const SCENARIOS = [
  { id: "parent", icon: Search, steps: ["need", "matching", "results", "booking"] },
  { id: "sitter", icon: UserRound, steps: ["profile", "tips", "availability", "visibility"] },
  { id: "safety", icon: ShieldPlus, steps: ["identity", "messages", "live", "alert"] },
] as const satisfies readonly { id: string; icon: LucideIcon; steps: readonly string[] }[];

export type Scenario = (typeof SCENARIOS)[number];
export type StepId = Scenario["steps"][number];

export const DEVICES = ["mobile", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

/** Where the demo is: scenario and step indexes. */
export type Position = { scenario: number; step: number };

/** The step after `at`, going on to the next scenario after a last step (and back to the first). */
export function nextPosition(at: Position): Position {
  if (at.step + 1 < SCENARIOS[at.scenario].steps.length) return { ...at, step: at.step + 1 };
  return { scenario: (at.scenario + 1) % SCENARIOS.length, step: 0 };
}

/** The step before `at`, going back to the previous scenario's last step before a first step. */
export function previousPosition(at: Position): Position {
  if (at.step > 0) return { ...at, step: at.step - 1 };
  const scenario = (at.scenario - 1 + SCENARIOS.length) % SCENARIOS.length;
  return { scenario, step: SCENARIOS[scenario].steps.length - 1 };
}
