// A local stand-in for Twilio's Messages API (outside this machine), for the API tests: the
// Worker's SMS transport (edge/delivery/sms.ts) is pointed at it with TWILIO_API_URL. It checks what
// Twilio checks (basic auth with the account SID and token, the account in the path, a form body
// with To, Body and From) and records each request; tests read them over HTTP (/__control/requests).
import { createServer, type Server } from "node:http";

export const TWILIO_SID = "AC00000000000000000000000000000001";
export const TWILIO_TOKEN = "twilio-double-token";
export const TWILIO_FROM = "+33700000000";

export type TwilioRequest = {
  path: string;
  authorization: string | null;
  contentType: string | null;
  form: Record<string, string>;
};

export class TwilioDouble {
  readonly requests: TwilioRequest[] = [];
  private server: Server | null = null;
  url = "";

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const send = (status: number, json: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(json));
        };
        if (req.url === "/__control/requests") return send(200, this.requests);
        const request: TwilioRequest = {
          path: req.url ?? "",
          authorization: req.headers.authorization ?? null,
          contentType: req.headers["content-type"] ?? null,
          form: Object.fromEntries(new URLSearchParams(body)),
        };
        this.requests.push(request);
        const expectedAuth = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString("base64")}`;
        if (request.authorization !== expectedAuth) return send(401, { code: 20003, message: "Authenticate" });
        if (req.method !== "POST" || request.path !== `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`) {
          return send(404, { code: 20404, message: "Not found" });
        }
        if (!request.form.To || !request.form.Body || !(request.form.From || request.form.MessagingServiceSid)) {
          return send(400, { code: 21604, message: "A 'To', 'Body' and 'From' are required" });
        }
        // Twilio refuses numbers it cannot reach; the tests use this one to see a failure recorded.
        if (request.form.To === "+33600000000") return send(400, { code: 21211, message: "Invalid 'To' Phone Number" });
        return send(201, {
          sid: `SM${String(this.requests.length).padStart(32, "0")}`,
          status: "queued",
          to: request.form.To,
        });
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise((done) => this.server?.close(done));
  }
}

export const twilioDoubleVars = (url: string) => ({
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_FROM,
  TWILIO_API_URL: url,
});
