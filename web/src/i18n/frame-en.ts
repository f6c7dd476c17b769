import core from "@db/i18n/en/core.json";
import frame from "./en.json";

export default { ...frame, ...core };
