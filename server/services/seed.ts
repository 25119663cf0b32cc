import type { DB } from "#server/db/index.ts";
import { addExchangeCodes } from "#server/wallet/exchange-codes.ts";
import { seedHelp } from "./help.ts";

/** A demo code every member may use once (the seed's other codes are used once in all). */
export const DEMO_MEMBER_CODE = { code: "WELCOMEVIP3", kind: "vip", amount: 3, perMember: true } as const;

/** The help page's questions and a code for each member. Idempotent. */
export async function seedServices(db: DB) {
  await db.transaction(async (db) => {
    await seedHelp(db);
    await addExchangeCodes(db, [DEMO_MEMBER_CODE]);
  });
}
