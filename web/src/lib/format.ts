// Display formats: amounts and dates always use the French locale (spec), whatever the UI language.
const wholeEuros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", minimumFractionDigits: 2 });

/** Integer cents -> "19 €", or with the cents when there are some: "55,50 €" (never "55,5 €"). */
export const formatEuros = (cents: number) => (cents % 100 === 0 ? wholeEuros : euros).format(cents / 100);
