import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../api/client';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './error-text';
import { useToast } from './toast';

export type FieldErrors<K extends string = string> = Record<K, string | null>;

interface SettingsCardProps<S, D, K extends string> {
  title: string;
  /** Read with GET and saved with PUT on this back-office API path. */
  path: string;
  queryKey: readonly unknown[];
  /** Whether the caller may change them (the server checks it again). */
  editable: boolean;
  toDraft: (saved: S) => D;
  fromDraft: (draft: D) => S;
  validate: (draft: D) => FieldErrors<K>;
  text: {
    save: string;
    discard: string;
    confirmTitle: string;
    confirmText: string;
    saved: string;
    /** Shown instead of the buttons to staff who may only read. */
    readOnly?: string;
  };
  className?: string;
  testId?: string;
  children: (draft: D, setDraft: (next: D) => void, errors: FieldErrors<K>) => ReactNode;
}

/**
 * A brand's settings as one card: loaded, edited as a draft, saved after a confirmation (the
 * server audits the change) and put back as the server answered. Save stays disabled while the
 * draft is unchanged or invalid; a whole form is disabled for staff who may only read.
 */
export function SettingsCard<S, D, K extends string>(props: SettingsCardProps<S, D, K>) {
  const { path, queryKey, toDraft, fromDraft, text } = props;
  const toast = useToast();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey, queryFn: () => api.get<S>(path) });
  const [draft, setDraft] = useState<D | null>(null);
  const [confirming, setConfirming] = useState(false);
  const saved = current.data;
  useEffect(() => {
    if (saved !== undefined) setDraft(toDraft(saved));
  }, [saved, toDraft]);

  if (current.isPending) return <p className="bo-muted">…</p>;
  if (current.error)
    return (
      <p role="alert" className="bo-card">
        {errorText(current.error)}
      </p>
    );
  if (draft === null || saved === undefined) return null;

  const errors = props.validate(draft);
  const invalid = Object.values<string | null>(errors).some((e) => e !== null);
  const next = fromDraft(draft);
  const unchanged = JSON.stringify(next) === JSON.stringify(saved);
  return (
    <section className={['bo-card', props.className].filter(Boolean).join(' ')} data-testid={props.testId}>
      <h2>{props.title}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid && !unchanged) setConfirming(true);
        }}
        noValidate
      >
        <fieldset disabled={!props.editable} className="bo-grid-2 bo-plain">
          {props.children(draft, setDraft, errors)}
        </fieldset>
        {props.editable ? (
          <div className="bo-page-actions">
            <Button type="submit" variant="primary" disabled={unchanged || invalid}>
              {text.save}
            </Button>
            <Button disabled={unchanged} onClick={() => setDraft(toDraft(saved))}>
              {text.discard}
            </Button>
          </div>
        ) : (
          text.readOnly && <p className="bo-muted">{text.readOnly}</p>
        )}
      </form>
      <ConfirmDialog
        open={confirming}
        title={text.confirmTitle}
        message={text.confirmText}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          queryClient.setQueryData(queryKey, await api.put<S>(path, next));
          toast(text.saved);
        }}
      />
    </section>
  );
}
