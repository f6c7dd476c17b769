// The demo world's identity document files: a one-page PDF per document whose files are still kept
// (pending ones, and those decided within the retention period), stored in the private DOCUMENTS
// bucket under the key the row names, so the console's viewer opens a real file. Each page says it
// is a demo document, with the kind and the owner's name.
import { DOCUMENT_FILE_RETENTION_DAYS } from "../constants/verification";
import type { SeedPhoto } from "./avatars";
import { DAY_MS } from "./paris-time";
import type { WorldRows } from "./world-rows";

const KIND_TITLES: Record<string, string> = {
  id_document: "Carte nationale d'identite",
  proof_of_address: "Justificatif de domicile",
  criminal_record: "Extrait de casier judiciaire - bulletin n.3",
  diploma: "Diplome",
  reference: "Lettre de reference",
};

/** PDF text strings escape backslashes and parentheses; the demo keeps to ASCII. */
const pdfText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/[\\()]/g, (char) => `\\${char}`);

/** A minimal valid one-page PDF (A4) with a few lines of Helvetica, its cross-reference table computed. */
export function demoPdf(lines: string[]): string {
  const stream = [
    "BT /F1 20 Tf 60 760 Td",
    ...lines.map((line, i) => `${i === 0 ? "" : "0 -32 Td "}(${pdfText(line)}) Tj`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

/** The files of the documents whose files are kept, for the DOCUMENTS bucket. */
export function identityDocumentFiles(rows: WorldRows, nowMs: number): SeedPhoto[] {
  const names = new Map(rows.profiles.map((p) => [p.id!, `${p.firstName} ${p.lastName}`]));
  const keptSince = nowMs - DOCUMENT_FILE_RETENTION_DAYS * DAY_MS;
  return rows.identityDocuments
    .filter((d) => !d.filesDeletedAt && (!d.reviewedAt || Date.parse(d.reviewedAt) >= keptSince))
    .map((d) => ({
      key: d.storageKey,
      bucket: "DOCUMENTS" as const,
      contentType: "application/pdf" as const,
      body: demoPdf([
        "Document de demonstration Veilleuse",
        KIND_TITLES[d.kind ?? ""] ?? "Document",
        names.get(d.profileId) ?? "",
        ...(d.issuedOn ? [`Delivre le ${d.issuedOn}`] : []),
      ]),
    }));
}
