import { PageCard } from '@/shared/ui/page-card.tsx';

export function TermsPage() {
  return (
    <PageCard title="Terms of Service" wide>
      <div className="space-y-4 text-sm leading-relaxed text-slate-300">
        <p>By using Card Counter you agree to these terms.</p>
        <h2 className="text-lg font-semibold text-slate-100">A practice tool, not gambling</h2>
        <p>
          Card Counter is a training app for learning blackjack strategy and card counting. No real-money wagering takes place in the
          app and nothing in it can be won in money.
        </p>
        <h2 className="text-lg font-semibold text-slate-100">Credits are practice money only</h2>
        <p>
          Credits are a virtual practice currency. They can be received, won, bought and spent inside the app only. Credits have no
          cash value: they cannot be cashed out, exchanged for money or prizes, or transferred to another player. Buying a credit
          pack buys practice credits for use in the app and nothing else; purchases are final except where the law says otherwise.
        </p>
        <h2 className="text-lg font-semibold text-slate-100">Your account</h2>
        <p>
          Keep your password to yourself; you are responsible for what happens under your account. One person, one account. We may
          suspend accounts that abuse the service, for example by automating play to farm credits or by attacking the service.
        </p>
        <h2 className="text-lg font-semibold text-slate-100">Guests</h2>
        <p>Guest sessions live only in your browser and can be lost at any time, for example when you clear your browser data.</p>
        <h2 className="text-lg font-semibold text-slate-100">No warranty</h2>
        <p>
          The service is provided as it is. Strategy advice and simulator results are for learning; they describe a model of the game
          and are no promise of results at a real table.
        </p>
        <h2 className="text-lg font-semibold text-slate-100">Changes</h2>
        <p>We may update these terms; the version on this page is the one that applies.</p>
      </div>
    </PageCard>
  );
}
