// French texts of the demo world: names, bios, conversations, reviews. Demo content, not UI
// strings: the UI's own texts go through i18n.
import { BIO_MAX_LENGTH } from "../constants/limits";

export const FEMALE_FIRST_NAMES = [
  "Emma", "Jade", "Louise", "Alice", "Chloé", "Lina", "Léna", "Mila", "Rose", "Anna", "Inès", "Julia",
  "Léonie", "Manon", "Zoé", "Camille", "Sarah", "Lucie", "Clara", "Juliette", "Lola", "Eva", "Romane",
  "Margaux", "Pauline", "Mathilde", "Océane", "Marion", "Anaïs", "Justine", "Noémie", "Élise", "Agathe",
  "Salomé", "Yasmine", "Amira", "Nour", "Maëlys", "Célia", "Laura", "Charlotte", "Héloïse", "Apolline",
] as const;

export const MALE_FIRST_NAMES = [
  "Lucas", "Hugo", "Louis", "Gabriel", "Arthur", "Jules", "Adam", "Raphaël", "Léo", "Nathan", "Tom",
  "Théo", "Paul", "Maxime", "Antoine", "Thomas", "Nicolas", "Karim", "Mehdi", "Julien", "Baptiste",
] as const;

export const CHILD_FIRST_NAMES = [
  "Léo", "Gabriel", "Raphaël", "Louis", "Arthur", "Jules", "Maël", "Noah", "Sacha", "Gaspard", "Victor",
  "Martin", "Basile", "Timéo", "Eden", "Jade", "Louise", "Ambre", "Alba", "Iris", "Mia", "Lou", "Capucine",
  "Margot", "Romy", "Olivia", "Alma", "Nina", "Agathe", "Éléonore", "Suzanne", "Côme", "Aya", "Lya",
] as const;

export const LAST_NAMES = [
  "Martin", "Bernard", "Thomas", "Petit", "Robert", "Richard", "Durand", "Dubois", "Moreau", "Laurent",
  "Simon", "Michel", "Lefebvre", "Leroy", "Roux", "David", "Bertrand", "Morel", "Fournier", "Girard",
  "Bonnet", "Dupont", "Lambert", "Fontaine", "Rousseau", "Vincent", "Muller", "Lefèvre", "Faure", "André",
  "Mercier", "Blanc", "Guérin", "Boyer", "Garnier", "Chevalier", "François", "Legrand", "Gauthier",
  "Garcia", "Perrin", "Robin", "Clément", "Morin", "Nicolas", "Henry", "Roussel", "Mathieu", "Gautier",
  "Masson", "Marchand", "Duval", "Denis", "Dumont", "Marie", "Lemaire", "Noël", "Meyer", "Dufour",
  "Meunier", "Brun", "Blanchard", "Giraud", "Joly", "Rivière", "Lucas", "Brunet", "Gaillard", "Barbier",
  "Arnaud", "Martinez", "Gérard", "Roche", "Renard", "Schmitt", "Roy", "Leroux", "Colin", "Vidal",
  "Caron", "Picard", "Roger", "Fabre", "Aubert", "Lemoine", "Renaud", "Dumas", "Lacroix", "Olivier",
  "Philippe", "Bourgeois", "Pierre", "Benoît", "Rey", "Leclerc", "Payet", "Rolland", "Leclercq", "Guillaume",
  "Lecomte", "Benali", "Haddad", "Nguyen", "Tran", "Da Silva", "Ferreira", "Kaya", "Diallo", "Traoré",
] as const;

export const CERTIFICATIONS = [
  "PSC1 (Prévention et secours civiques)",
  "SST (Sauveteur secouriste du travail)",
  "BAFA",
  "CAP AEPE (Accompagnant éducatif petite enfance)",
  "Diplôme d'État d'auxiliaire de puériculture",
  "Diplôme d'État d'éducateur de jeunes enfants",
  "BPJEPS",
  "Formation gestes d'urgence pédiatriques",
  "Licence Sciences de l'éducation",
] as const;

const BIO_OPENINGS = [
  "Étudiante en sciences de l'éducation, je garde des enfants depuis {years} ans.",
  "Maman de deux grands enfants, j'ai {years} ans d'expérience en garde à domicile.",
  "Ancienne assistante maternelle agréée, je propose mes services de baby-sitting avec {years} ans d'expérience.",
  "Étudiant en STAPS, j'accompagne les enfants depuis {years} ans, surtout pour les sorties et le sport.",
  "Auxiliaire de puériculture de formation, je garde des tout-petits depuis {years} ans.",
  "Passionnée par la petite enfance, je suis baby-sitter depuis {years} ans.",
  "Étudiante en master d'orthophonie, je fais du baby-sitting depuis {years} ans.",
  "Animatrice en centre de loisirs le mercredi, j'ai {years} ans d'expérience avec les enfants.",
] as const;

const BIO_MIDDLES = [
  "J'aime proposer des activités créatives : peinture, pâte à modeler, lecture d'histoires.",
  "J'aide volontiers aux devoirs, du CP jusqu'au collège.",
  "Je suis à l'aise avec les nourrissons : biberons, changes, siestes et routines du coucher.",
  "Je parle anglais couramment et peux proposer de petits jeux pour découvrir la langue.",
  "Les sorties au parc, les jeux de ballon et les balades à vélo sont mes activités préférées.",
  "Je prépare volontiers des goûters et des repas simples et équilibrés avec les enfants.",
  "J'ai l'habitude des sorties d'école et des trajets vers les activités du mercredi.",
  "J'ai accompagné un enfant autiste pendant deux ans et je sais adapter le rythme de chacun.",
] as const;

const BIO_CLOSINGS = [
  "Ponctuelle, patiente et souriante, je tiens les parents informés tout au long de la garde.",
  "Je suis disponible en soirée et le week-end, et parfois en dépannage de dernière minute.",
  "Titulaire du PSC1, je connais les gestes de premiers secours.",
  "Les parents apprécient ma bienveillance et ma fiabilité : références disponibles sur demande.",
  "Non-fumeuse, véhiculée, je me déplace facilement dans toute la ville.",
] as const;

/** A 2-3 sentence bio, always within BIO_MAX_LENGTH. */
export function composeBio(pick: <T>(items: readonly T[]) => T, years: number): string {
  const parts = [pick(BIO_OPENINGS).replace("{years}", String(Math.max(1, years))), pick(BIO_MIDDLES), pick(BIO_CLOSINGS)];
  return parts.join(" ").slice(0, BIO_MAX_LENGTH);
}

export const PARENT_BIOS = [
  "Parents de deux enfants pleins d'énergie, nous cherchons une personne de confiance pour les mercredis.",
  "Maman solo, je travaille en horaires décalés et j'ai besoin d'aide ponctuelle en soirée.",
  "Nous habitons près du parc et nos enfants adorent jouer dehors.",
  "Famille franco-anglaise, nous apprécions les baby-sitters qui parlent anglais.",
  null,
  null,
] as const;

export const ALLERGIES = ["Arachides", "Lactose", "Gluten", "Fruits à coque", "Œufs", "Pollen (printemps)", "Kiwi"] as const;
export const SPECIAL_NEEDS = [
  "Asthme léger : inhalateur dans le sac à dos.",
  "Diabète de type 1 : contrôle de glycémie avant le goûter.",
  "Trouble de l'attention : consignes courtes et rituels rassurants.",
  "Eczéma : crème à appliquer après le bain.",
  "Porte des lunettes, à retirer pour la sieste.",
] as const;

export const SPECIAL_INSTRUCTIONS = [
  "Le bain est à 19 h, coucher à 20 h 30 au plus tard.",
  "Le goûter est dans le placard de gauche. Pas d'écrans après 18 h, merci !",
  "Merci de récupérer les enfants à la sortie de l'école à 16 h 30.",
  "Le code de l'immeuble vous sera envoyé par message la veille.",
  "Notre fille a piscine le mercredi : le sac est prêt dans l'entrée.",
  "Le petit dort avec son doudou lapin, il est souvent sur le canapé.",
  null,
  null,
  null,
] as const;

/** Opening request from the parent, then a short exchange; {child} and {day} are filled in. */
export const CONVERSATION_SCRIPTS: readonly (readonly ["parent" | "sitter", string][])[] = [
  [
    ["parent", "Bonjour ! Seriez-vous disponible {day} pour garder {child} ?"],
    ["sitter", "Bonjour, oui avec plaisir ! Quels sont les horaires ?"],
    ["parent", "Ce serait de 18 h à 22 h environ, avec le dîner et le coucher."],
    ["sitter", "Parfait, c'est noté. Y a-t-il des allergies ou des habitudes à connaître ?"],
    ["parent", "Rien de particulier, juste l'histoire du soir qui est sacrée 😊"],
    ["sitter", "Très bien, à bientôt alors !"],
  ],
  [
    ["parent", "Bonjour, nous avons vu votre profil et aimerions faire appel à vous {day}."],
    ["sitter", "Bonjour ! Merci pour votre message, je suis disponible. Combien d'enfants ?"],
    ["parent", "Seulement {child}. Je vous envoie la demande de réservation."],
    ["sitter", "Je viens de l'accepter, merci !"],
  ],
  [
    ["parent", "Bonsoir, est-ce que vous pourriez venir chercher {child} à l'école {day} ?"],
    ["sitter", "Bonsoir, oui bien sûr. À quelle heure est la sortie ?"],
    ["parent", "16 h 30. Le goûter sera prêt à la maison."],
    ["sitter", "Entendu, je serai devant l'école à 16 h 20."],
    ["parent", "Merci beaucoup !"],
  ],
  [
    ["sitter", "Bonjour, je confirme ma venue {day}. Faut-il que j'apporte quelque chose ?"],
    ["parent", "Bonjour ! Non, tout est prêt. {child} a hâte de vous revoir."],
    ["sitter", "Moi aussi ! À bientôt."],
  ],
];

export const AFTER_SITTING_MESSAGES: readonly ["parent" | "sitter", string][] = [
  ["parent", "Merci encore pour hier soir, {child} n'a parlé que de vous ce matin !"],
  ["sitter", "Tout s'est très bien passé, {child} s'est endormi vers 20 h 45."],
  ["parent", "Merci pour votre aide, on refait appel à vous très vite."],
  ["sitter", "Merci pour votre accueil, à la prochaine fois !"],
];

export const PARENT_REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Baby-sitter exceptionnelle, nos enfants l'adorent. Ponctuelle et très à l'écoute.",
    "Parfait du début à la fin : jeux, bain, dîner et coucher sans une larme. Merci !",
    "Très professionnelle et bienveillante, nous la recommandons sans hésiter.",
    "Notre fils était ravi, les devoirs étaient faits et la maison rangée. Au top !",
  ],
  4: [
    "Très bonne garde, enfants contents. Un petit retard à l'arrivée mais prévenu à l'avance.",
    "Sérieuse et gentille, les enfants ont passé une bonne soirée. Nous referons appel à elle.",
    "Bon contact avec les enfants, activités bien choisies. Je recommande.",
  ],
  3: [
    "Garde correcte, mais peu de nouvelles pendant la soirée. Les enfants allaient bien.",
    "Sympathique, mais le coucher a été un peu tardif par rapport à nos consignes.",
  ],
  2: ["Arrivée avec quarante minutes de retard et consignes du coucher pas respectées."],
  1: ["Très déçus : annulation tardive de fait, personne n'est venu à l'heure prévue."],
};

export const SITTER_REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Famille très accueillante, consignes claires et enfants adorables. Un plaisir !",
    "Parents prévenants et ponctuels au retour, je recommande cette famille.",
  ],
  4: [
    "Très bonne famille, consignes claires. Retour un peu plus tard que prévu mais prévenu.",
    "Enfants agréables et parents sympathiques, tout s'est bien passé.",
  ],
  3: ["Bonne garde, mais les consignes n'étaient pas très claires à mon arrivée."],
  2: ["Retour des parents avec plus d'une heure de retard sans prévenir."],
  1: ["Conditions de garde très différentes de ce qui était annoncé dans la demande."],
};
