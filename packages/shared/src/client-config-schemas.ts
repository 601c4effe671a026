/** GET /api/v1/config: what a deployment tells the web app before it draws (ADR 013). */
import { z } from 'zod';

export const clientConfigSchema = z.object({
  /** A MapLibre style of a tile service (MAP_STYLE_URL); null: the app draws its offline basemap. */
  mapStyleUrl: z.string().nullable(),
  /** Issue 27: the OpenID Connect provider 'Login with OAuth' signs in with (its OIDC_DISPLAY_NAME); null: none configured. */
  oidcProvider: z.string().nullable(),
  /** Issue 29 §1: the VAPID public key (base64url) a browser subscribes to pushes with; the same on every replica. */
  pushPublicKey: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
export const clientConfigResponseSchema = z.object({ data: clientConfigSchema });
