import shared from "@db/i18n/fr.json";
import pages from "./fr/pages.json";

export default { ...pages, ...shared };
