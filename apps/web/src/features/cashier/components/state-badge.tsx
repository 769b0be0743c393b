/** How a state reads at a glance; the text always says it too (never colour alone). */
export type Tone = 'wait' | 'ok' | 'bad' | 'info';

export function StateBadge({ tone, text, testId }: { tone: Tone; text: string; testId?: string }) {
  return (
    <span className={`mc-badge mc-badge-${tone}`} data-testid={testId}>
      {text}
    </span>
  );
}
