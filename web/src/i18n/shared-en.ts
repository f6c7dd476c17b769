import shared from "@db/i18n/en.json";
import pages from "./en/pages.json";

export default { ...pages, ...shared };
