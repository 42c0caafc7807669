import type { Language } from '@app/shared/constants';
import { minutesIn } from '../auth/auth.service';

/**
 * The words of the profile's confirmation messages, in the language of the request that asked for
 * them: the SMS code of a phone (phones.service.ts), the code and link of an e-mail address and
 * the code of a new sign-in e-mail (emails.service.ts). Codes, links and addresses appear as they are.
 */

export interface MailText {
  subject: string;
  text: string;
}

export interface ConfirmationTexts {
  phoneCode: (facts: { code: string; minutes: number }) => string;
  emailCode: (facts: { email: string; link: string; code: string; minutes: number }) => MailText;
  usernameCode: (facts: { desired: string; current: string; code: string; minutes: number }) => MailText;
}

const en: ConfirmationTexts = {
  phoneCode: ({ code, minutes }) => `Your confirmation code is ${code}. It works for ${minutesIn('en', minutes)}.`,
  emailCode: ({ email, link, code, minutes }) => ({
    subject: 'Confirm your e-mail address',
    text: `Please confirm that ${email} is your e-mail address by opening this link:
${link}

Or enter this code on your profile: ${code}

The link and the code work for ${minutesIn('en', minutes)}. If you did not ask for this, ignore this e-mail.`,
  }),
  usernameCode: ({ desired, current, code, minutes }) => ({
    subject: 'Confirm your new sign-in e-mail',
    text: `You asked to sign in with ${desired} from now on. Enter this code on your profile to confirm: ${code}

The code works for ${minutesIn('en', minutes)}. Until you confirm, you keep signing in with ${current}. If you did not ask for this, ignore this e-mail.`,
  }),
};

const es: ConfirmationTexts = {
  phoneCode: ({ code, minutes }) =>
    `Tu código de confirmación es ${code}. Es válido durante ${minutesIn('es', minutes)}.`,
  emailCode: ({ email, link, code, minutes }) => ({
    subject: 'Confirma tu dirección de correo',
    text: `Confirma que ${email} es tu dirección de correo abriendo este enlace:
${link}

O introduce este código en tu perfil: ${code}

El enlace y el código son válidos durante ${minutesIn('es', minutes)}. Si no lo has pedido, ignora este correo.`,
  }),
  usernameCode: ({ desired, current, code, minutes }) => ({
    subject: 'Confirma tu nuevo correo de inicio de sesión',
    text: `Has pedido iniciar sesión con ${desired} a partir de ahora. Para confirmarlo, introduce este código en tu perfil: ${code}

El código es válido durante ${minutesIn('es', minutes)}. Hasta que lo confirmes, seguirás iniciando sesión con ${current}. Si no lo has pedido, ignora este correo.`,
  }),
};

const pt: ConfirmationTexts = {
  phoneCode: ({ code, minutes }) =>
    `O seu código de confirmação é ${code}. É válido durante ${minutesIn('pt', minutes)}.`,
  emailCode: ({ email, link, code, minutes }) => ({
    subject: 'Confirme o seu endereço de e-mail',
    text: `Confirme que ${email} é o seu endereço de e-mail abrindo esta ligação:
${link}

Ou introduza este código no seu perfil: ${code}

A ligação e o código são válidos durante ${minutesIn('pt', minutes)}. Se não pediu isto, ignore este e-mail.`,
  }),
  usernameCode: ({ desired, current, code, minutes }) => ({
    subject: 'Confirme o seu novo e-mail de início de sessão',
    text: `Pediu para iniciar sessão com ${desired} a partir de agora. Para confirmar, introduza este código no seu perfil: ${code}

O código é válido durante ${minutesIn('pt', minutes)}. Até confirmar, continua a iniciar sessão com ${current}. Se não pediu isto, ignore este e-mail.`,
  }),
};

const ro: ConfirmationTexts = {
  phoneCode: ({ code, minutes }) => `Codul tău de confirmare este ${code}. Este valabil ${minutesIn('ro', minutes)}.`,
  emailCode: ({ email, link, code, minutes }) => ({
    subject: 'Confirmă-ți adresa de e-mail',
    text: `Te rugăm să confirmi că ${email} este adresa ta de e-mail deschizând acest link:
${link}

Sau introdu acest cod în profilul tău: ${code}

Linkul și codul sunt valabile ${minutesIn('ro', minutes)}. Dacă nu ai cerut acest lucru, ignoră acest e-mail.`,
  }),
  usernameCode: ({ desired, current, code, minutes }) => ({
    subject: 'Confirmă noul e-mail de autentificare',
    text: `Ai cerut să te autentifici de acum înainte cu ${desired}. Pentru confirmare, introdu acest cod în profilul tău: ${code}

Codul este valabil ${minutesIn('ro', minutes)}. Până confirmi, te autentifici în continuare cu ${current}. Dacă nu ai cerut acest lucru, ignoră acest e-mail.`,
  }),
};

const ru: ConfirmationTexts = {
  phoneCode: ({ code, minutes }) => `Ваш код подтверждения: ${code}. Он действует ${minutesIn('ru', minutes)}.`,
  emailCode: ({ email, link, code, minutes }) => ({
    subject: 'Подтвердите адрес электронной почты',
    text: `Подтвердите, что ${email} — ваш адрес электронной почты, открыв эту ссылку:
${link}

Или введите этот код в профиле: ${code}

Ссылка и код действуют ${minutesIn('ru', minutes)}. Если вы этого не запрашивали, проигнорируйте это письмо.`,
  }),
  usernameCode: ({ desired, current, code, minutes }) => ({
    subject: 'Подтвердите новый адрес для входа',
    text: `Вы попросили впредь входить с адресом ${desired}. Чтобы подтвердить, введите этот код в профиле: ${code}

Код действует ${minutesIn('ru', minutes)}. Пока вы не подтвердите изменение, для входа по-прежнему используется ${current}. Если вы этого не запрашивали, проигнорируйте это письмо.`,
  }),
};

const ua: ConfirmationTexts = {
  phoneCode: ({ code, minutes }) => `Ваш код підтвердження: ${code}. Він діє ${minutesIn('ua', minutes)}.`,
  emailCode: ({ email, link, code, minutes }) => ({
    subject: 'Підтвердьте адресу електронної пошти',
    text: `Підтвердьте, що ${email} — ваша адреса електронної пошти, відкривши це посилання:
${link}

Або введіть цей код у профілі: ${code}

Посилання та код діють ${minutesIn('ua', minutes)}. Якщо ви цього не просили, проігноруйте цей лист.`,
  }),
  usernameCode: ({ desired, current, code, minutes }) => ({
    subject: 'Підтвердьте нову адресу для входу',
    text: `Ви попросили надалі входити з адресою ${desired}. Щоб підтвердити, введіть цей код у профілі: ${code}

Код діє ${minutesIn('ua', minutes)}. Доки ви не підтвердите зміну, для входу й далі використовується ${current}. Якщо ви цього не просили, проігноруйте цей лист.`,
  }),
};

const CONFIRMATION_TEXTS: Record<Language, ConfirmationTexts> = { en, es, pt, ro, ru, ua };

export function confirmationTextsIn(language: Language): ConfirmationTexts {
  return CONFIRMATION_TEXTS[language];
}
