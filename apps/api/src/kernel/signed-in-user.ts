/** Who is calling: what `request.user` holds on every private route (plugins/auth.ts sets it; policies read it). */
export interface SignedInUser {
  id: number;
  sessionId: string;
}
