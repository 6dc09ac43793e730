import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/toast';
import { useAuthConfig } from '../api/get-auth-config';
import { useSessionQuery } from '@/lib/session';
import { usePendingQuiz } from '../hooks/use-pending-quiz';
import { usePostSignInRedirect } from '../hooks/use-post-sign-in-redirect';
import { useTurnstile } from '../hooks/use-turnstile';
import { AuthDecor } from './auth-decor';
import { CodeStep } from './code-step';
import { GoogleButton } from './google-button';
import { PhoneStep } from './phone-step';
import { QuizWelcomeCard } from './quiz-welcome-card';
import { COPY } from '@domain/copy';

export type SignInSearch = { redirect?: string; fromQuiz?: true; error?: string };

type Step = { kind: 'phone'; phone: string } | { kind: 'code'; phone: string; e164: string };

/** /auth (SPEC §2 Sign-in): phone code in two steps, Google, and the redirect rule. */
export function SignInPage({ search }: { search: SignInSearch }) {
  const navigate = useNavigate();
  const session = useSessionQuery();
  const { pending, reload } = usePendingQuiz();
  const goNext = usePostSignInRedirect();
  const config = useAuthConfig();
  const bot = useTurnstile(config.data?.turnstile_site_key);
  const [step, setStep] = useState<Step>({ kind: 'phone', phone: '' });
  const handledSearch = useRef(false);

  // ?fromQuiz=true: reload the saved answers, then drop the parameter from the address.
  // ?error=google: the Google flow failed on the server.
  useEffect(() => {
    if (handledSearch.current || (!search.fromQuiz && !search.error)) return;
    handledSearch.current = true;
    if (search.fromQuiz) reload();
    if (search.error === 'google')
      toast({ title: COPY.common.errorTitle, description: COPY.auth.googleFailed, variant: 'destructive' });
    void navigate({ to: '/auth', search: { redirect: search.redirect }, replace: true });
  }, [search, reload, navigate]);

  // Already signed in (or just signed in): leave by the redirect rule.
  const signedInNext = session.data?.user && 'next' in session.data ? session.data.next : null;
  useEffect(() => {
    if (signedInNext) void goNext(signedInNext, search.redirect);
  }, [signedInNext, goNext, search.redirect]);

  return (
    <main className="bg-base-200 min-h-screen px-4 py-10 sm:py-16">
      <div className="mx-auto grid max-w-5xl items-center gap-10 lg:grid-cols-2">
        <div className="order-2 hidden lg:order-1 lg:block">
          <AuthDecor />
          <p className="font-display text-base-content/80 mt-8 text-center text-xl italic">
            Where strangers become friends
          </p>
        </div>
        <div className="card bg-base-100 order-1 w-full shadow-xl lg:order-2">
          <div className="card-body gap-5">
            <h1 className="font-display text-4xl font-bold">{pending ? 'Almost There!' : 'Welcome Back'}</h1>
            {pending ? (
              <QuizWelcomeCard pending={pending} />
            ) : (
              <p className="text-base-content/80">Sign in with your phone number to keep the conversation going.</p>
            )}
            {step.kind === 'phone' ? (
              <>
                <PhoneStep
                  initialPhone={step.phone}
                  getBotToken={bot.getToken}
                  resetBotCheck={bot.reset}
                  onSent={(phone, e164) => setStep({ kind: 'code', phone, e164 })}
                />
                <div className="divider text-base-content/70 my-0 text-sm">or</div>
                <GoogleButton />
              </>
            ) : (
              <CodeStep
                phone={step.phone}
                e164={step.e164}
                onVerified={(next) => void goNext(next, search.redirect)}
                onChangeNumber={() => setStep({ kind: 'phone', phone: step.phone })}
                getBotToken={bot.getToken}
                resetBotCheck={bot.reset}
              />
            )}
            {config.data?.turnstile_site_key && <div ref={bot.container} />}
            <Link to="/" className="btn btn-link self-center">
              Back to Home
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}
