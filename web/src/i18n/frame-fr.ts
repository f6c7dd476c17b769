import core from "@db/i18n/fr/core.json";
import frame from "./fr.json";

export default { ...frame, ...core };
