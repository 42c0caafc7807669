import type { SignInOutcome, SignInStart } from '../api/sign-in-outcome';
import { OneTimeCodeStep } from './one-time-code-step';
import { PushStep } from './push-step';

export interface SecondFactorStepProps {
  start: Extract<SignInStart, { kind: 'secondFactor' }>;
  onOutcome: (outcome: SignInOutcome) => Promise<void>;
  onRestart: () => void;
}

/** The step the auth service asked for after the password: a push answer, or a 6-digit code. */
export function SecondFactorStep({ start, onOutcome, onRestart }: SecondFactorStepProps) {
  const { flow, codeVerifier, login } = start;
  if (flow.type === 'push') {
    return (
      <PushStep flow={flow} codeVerifier={codeVerifier} login={login} onOutcome={onOutcome} onRestart={onRestart} />
    );
  }
  return (
    <OneTimeCodeStep
      flow={flow}
      codeVerifier={codeVerifier}
      login={login}
      onOutcome={onOutcome}
      onRestart={onRestart}
    />
  );
}
