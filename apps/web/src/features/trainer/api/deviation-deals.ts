import {
  DeviationDealSchema,
  DeviationVerdictSchema,
  type DeviationAnswer,
  type DeviationDeal,
  type DeviationDealPostBody,
  type DeviationVerdict,
} from '@card-counter/shared';
import { api } from '@/shared/lib/api-client.ts';

// A signed-in player's deviations drill is dealt by the server from the index set it reads for
// their count and rules (their chosen set, else the fleet's full set) and graded against it
// (docs/decisions/0053-deviation-drill-weights.md). A guest's stays in the browser.

export async function dealDeviation(body: DeviationDealPostBody): Promise<DeviationDeal> {
  return DeviationDealSchema.parse(await api.post('/api/me/drills/deviations', body));
}

/** Safe to send again after a lost answer: the same answer gets the same verdict. */
export async function answerDeviation(dealId: string, answer: DeviationAnswer): Promise<DeviationVerdict> {
  return DeviationVerdictSchema.parse(await api.post(`/api/me/drills/deviations/${encodeURIComponent(dealId)}/answer`, { answer }));
}
