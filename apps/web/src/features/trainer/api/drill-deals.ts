import {
  AnyDrillDealSchema,
  AnyDrillVerdictSchema,
  DrillDealSchema,
  DrillDealVerdictSchema,
  type DrillDeal,
  type DrillDealPostBody,
  type AnyDrillAnswerBody,
  type AnyDrillDeal,
  type AnyDrillDealPostBody,
  type AnyDrillVerdict,
  type DrillDealVerdict,
} from '@card-counter/shared';
import { api } from '@/shared/lib/api-client.ts';

// A signed-in player's countdown is dealt by the server and answered to it: the server keeps
// the count of the cards it dealt and times the answer on its own clock, and only such a drill
// pays (docs/decisions/0027-server-dealt-drills.md). A guest's countdown stays in the browser.

export async function dealCountdown(body: DrillDealPostBody): Promise<DrillDeal> {
  return DrillDealSchema.parse(await api.post('/api/me/drills/deals', body));
}

/** Safe to send again after a lost answer: the same answer gets the same verdict and pays once. */
export async function answerCountdown(dealId: string, runningCount: number): Promise<DrillDealVerdict> {
  return DrillDealVerdictSchema.parse(await api.post(`/api/me/drills/deals/${encodeURIComponent(dealId)}/answer`, { runningCount }));
}

/** Any drill the server deals (issue 39's speed drills and bet sizing too: shared api/speed-drills.ts). */
export async function dealDrill(body: AnyDrillDealPostBody): Promise<AnyDrillDeal> {
  return AnyDrillDealSchema.parse(await api.post('/api/me/drills/deals', body));
}

/** Safe to send again after a lost answer: the same answer gets the same verdict and pays once. */
export async function answerDrill(dealId: string, body: AnyDrillAnswerBody): Promise<AnyDrillVerdict> {
  return AnyDrillVerdictSchema.parse(await api.post(`/api/me/drills/deals/${encodeURIComponent(dealId)}/answer`, body));
}
