import { sessionState } from "./session-state";

export async function currentSessionToken(): Promise<string | null> {
  return sessionState.token;
}
