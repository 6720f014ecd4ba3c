// Reads the table's full index set (shared/index-sets) and hands it up: a chunk of its own, so
// the requests, the polling and the schemas stay out of the table's first load (ADR 0074).
import { useEffect } from 'react';
import type { CountingOptions, FullIndexSet, Rules } from '@card-counter/engine';
import { useIndexSet } from '@/shared/index-sets/use-index-set.ts';

export interface IndexSetFeedProps {
  rules: Rules;
  counting: CountingOptions;
  onSet: (set: FullIndexSet | null) => void;
}

export function IndexSetFeed({ rules, counting, onSet }: IndexSetFeedProps) {
  const { set } = useIndexSet(rules, counting, true);
  useEffect(() => onSet(set), [set, onSet]);
  return null;
}
