// Display formats: amounts and dates always use the French locale (spec), whatever the UI language.
const euros = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Integer cents -> "19 €". */
export const formatEuros = (cents: number) => euros.format(cents / 100);
