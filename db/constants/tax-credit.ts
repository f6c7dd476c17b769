// The French tax credit for employing someone at home (crédit d'impôt pour l'emploi d'un salarié à
// domicile, which covers childcare at home): half of what was paid in the year, on expenses up to a
// yearly ceiling of 12 000 €, raised by 1 500 € per dependent child up to 15 000 €. Veilleuse shows
// an estimate from these figures, explained once on the statements page; it is no tax advice (the
// first year of employment, disability and other cases have other ceilings).

export const TAX_CREDIT_RATE_PERCENT = 50;
export const TAX_CREDIT_CEILING_CENTS = 1_200_000;
export const TAX_CREDIT_PER_CHILD_CENTS = 150_000;
export const TAX_CREDIT_CEILING_MAX_CENTS = 1_500_000;

/** The yearly expenses the credit counts at most, for a family with `children` dependent children. */
export const taxCreditCeilingCents = (children: number) =>
  Math.min(TAX_CREDIT_CEILING_MAX_CENTS, TAX_CREDIT_CEILING_CENTS + Math.max(0, children) * TAX_CREDIT_PER_CHILD_CENTS);

/** What an expense costs once the credit is taken off (within the ceiling). */
export const afterTaxCreditCents = (cents: number) => Math.round((cents * (100 - TAX_CREDIT_RATE_PERCENT)) / 100);

/** The estimated credit on a year's expenses, for `children` dependent children. */
export const estimatedTaxCreditCents = (expensesCents: number, children: number) =>
  Math.round((Math.min(expensesCents, taxCreditCeilingCents(children)) * TAX_CREDIT_RATE_PERCENT) / 100);
