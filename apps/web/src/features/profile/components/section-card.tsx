import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** Prefix of the heading id; the section is labelled by `${id}-title`. */
  id: string;
  title: string;
  intro: string;
  /** Sits beside the heading, e.g. an "add" button; `null` keeps the heading row while it is hidden. */
  action?: ReactNode;
  children: ReactNode;
  /** Dialogs rendered outside the card's stack so they add no gap to it. */
  dialogs?: ReactNode;
}

/** One profile card: a landmark section named by its own heading. */
export function SectionCard({ id, title, intro, action, children, dialogs }: SectionCardProps) {
  const titleId = `${id}-title`;
  const heading = (
    <Title order={2} size="h3" id={titleId}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        {action === undefined ? (
          heading
        ) : (
          <Group justify="space-between" wrap="wrap">
            {heading}
            {action}
          </Group>
        )}
        <Text size="sm">{intro}</Text>
        {children}
      </Stack>
      {dialogs}
    </Paper>
  );
}
