import { syncUser } from "#app/lib/session.ts";
import { early } from "../early-calls.ts";

export const myCalls = early("/my", () => syncUser());

export const startFrom = () => myCalls.start(undefined);
