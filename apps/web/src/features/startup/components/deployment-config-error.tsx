import { ERRORS } from '@card-counter/shared';
import { missingSettingGroup } from '@/shared/config/app-config.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FullScreenMessage } from '@/shared/ui/full-screen-message.tsx';

/** Where the README's configuration table is published by the server. */
const DEPLOYMENT_GUIDE_URL = '/docs/deployment';

export interface DeploymentConfigErrorProps {
  missingSettings: string[];
  reload?: () => void;
}

/** Top-level screen for a production deployment that lacks required settings. */
export function DeploymentConfigError({ missingSettings, reload }: DeploymentConfigErrorProps) {
  const databaseAuth = missingSettings.filter((name) => missingSettingGroup(name) === 'database-auth');
  const payments = missingSettings.filter((name) => missingSettingGroup(name) === 'payments');
  return (
    <FullScreenMessage>
      <h1 className="mb-2 text-2xl font-bold text-amber-300">Deployment Configuration Error</h1>
      <p className="mb-4 text-slate-200">{ERRORS.CONFIG_INCOMPLETE.message}</p>
      {databaseAuth.length > 0 ? (
        <section className="mb-4 text-left">
          <h2 className="font-semibold">Database and sign-in settings are missing</h2>
          <p className="text-sm text-slate-300">Set these environment variables on the server and restart it:</p>
          <ul className="list-disc pl-6 font-mono text-sm">
            {databaseAuth.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {payments.length > 0 ? (
        <section className="mb-4 text-left">
          <h2 className="font-semibold">Payment settings are missing</h2>
          <p className="text-sm text-slate-300">Credit purchases need the payment provider's keys:</p>
          <ul className="list-disc pl-6 font-mono text-sm">
            {payments.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex flex-wrap items-center justify-center gap-4">
        <Button onClick={reload ?? (() => window.location.reload())}>Reload Page</Button>
        <a className="text-emerald-300 underline" href={DEPLOYMENT_GUIDE_URL}>
          Deployment guide
        </a>
      </div>
    </FullScreenMessage>
  );
}
