import { useHelpCenter } from '../api/get-help-center';

/** Whether the help centre has a section with this tag (the affiliate link needs 'agent'). */
export function useHasHelpTag(tag: string): boolean {
  const help = useHelpCenter();
  return !!help.data?.list.some((s) => s.tag === tag);
}
