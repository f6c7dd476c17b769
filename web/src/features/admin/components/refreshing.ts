/**
 * How the console draws figures or rows on screen while their next answer is on its way (a new
 * sort, page or period): dimmed, yet still at WCAG AA contrast (4.5:1 for text), because they stay
 * readable and a slow answer can leave them there for seconds. At 80 % the weakest pairs, the
 * status badges' green and amber, keep 5.0:1 and the links 5.4:1; at 60 % the links fell to 3.3:1
 * and at 75 % the green badge to 4.4:1, which axe reported in the users table.
 */
export const REFRESHING = "opacity-80";
