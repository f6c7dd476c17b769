// The agency role's limits: one source for the validators, the CHECK constraints and the services.

/** An agency's company name, as the console's form and the database accept it. */
export const AGENCY_NAME_MIN_LENGTH = 2;
export const AGENCY_NAME_MAX_LENGTH = 120;

/** A SIREN is 9 digits whose Luhn checksum holds (INSEE's rule for company numbers). */
export const SIREN_LENGTH = 9;

/** The services-à-la-personne declaration number: 'SAP' then the company's 9-digit SIREN. */
export const SAP_NUMBER_PATTERN = /^SAP\d{9}$/;
