/**
 * The header avatar's letters: the initials of the owner's name (first and last word, "Анна Петрова" → "АП"), else
 * the e-mail's first letter. Letters are taken whole (an emoji or a combined character is not split).
 */
export function avatarInitials(user: { fullName?: string | null; email?: string | null }): string {
  const words = (user.fullName ?? '').trim().split(/\s+/).filter((w) => /\p{L}/u.test(w));
  const first = (word: string) => word.match(/\p{L}/u)![0]!;
  if (words.length) return (words.length > 1 ? first(words[0]!) + first(words.at(-1)!) : first(words[0]!)).toLocaleUpperCase();
  const letter = user.email?.match(/\p{L}|\p{N}/u)?.[0];
  return letter ? letter.toLocaleUpperCase() : '';
}
