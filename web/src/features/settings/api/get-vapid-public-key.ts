// GET /api/push/vapid-public-key: the key the browser subscribes with (503 when push is not set up).
import { client, unwrap } from "@web/lib/api-client";

export const getVapidPublicKey = () => unwrap(client.api.push["vapid-public-key"].$get());
