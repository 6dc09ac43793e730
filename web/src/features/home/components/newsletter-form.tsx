import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { ApiRequestError } from '@/lib/api';
import { NewsletterEmailSchema } from '@domain/email';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { COPY } from '@domain/copy';
import { NewsletterFields } from './newsletter-fields';

const invalid = (description: string) =>
  toast({ title: COPY.newsletter.invalidTitle, description, variant: 'destructive' });

/**
 * Footer newsletter sign-up (SPEC §4 "Newsletter", §5). A single field whose only error surface is
 * a toast, so a plain uncontrolled-by-library form keeps the home page's first load small; the
 * rule itself is the shared valibot schema the Worker also applies.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeNewsletter();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (subscribe.isPending) return;
    const parsed = v.safeParse(NewsletterEmailSchema, email);
    if (!parsed.success) {
      invalid(parsed.issues[0].message);
      return;
    }
    subscribe.mutate(parsed.output, {
      onSuccess: () => {
        toast({ title: COPY.newsletter.subscribedTitle, description: COPY.newsletter.subscribedText });
        setEmail('');
      },
      onError: (err) => {
        if (err instanceof ApiRequestError && err.status === 400) invalid(err.fields.email ?? COPY.newsletter.invalid);
        else toast({ title: COPY.common.errorTitle, description: err.message, variant: 'destructive' });
      },
    });
  };

  return <NewsletterFields email={email} pending={subscribe.isPending} onEmail={setEmail} onSubmit={onSubmit} />;
}
