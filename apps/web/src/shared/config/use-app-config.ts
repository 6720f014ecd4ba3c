import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from './app-config.ts';

// Apart from app-config.ts: the startup screen fetches the config without a hook, and a hook
// here would put react-query's observer (useQuery) in /login's first load
// (docs/decisions/0036-first-load-cuts.md).
export function useAppConfig() {
  return useQuery(appConfigQuery);
}
