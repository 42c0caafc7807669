import type { Language } from '@app/shared/constants';

/**
 * The mails of registration, activation, password reset and e-mail confirmation, in the customer's
 * language. Plain text: every mail client shows it, and a code or link in it cannot hide behind markup.
 */
export interface MailText {
  subject: string;
  text: string;
}

interface ActivationFacts {
  brand: string;
  name: string | undefined;
  link: string;
  code: string;
  hours: number;
}

interface BusinessActivationFacts extends ActivationFacts {
  business: string;
}

interface InvitationFacts {
  brand: string;
  business: string;
  link: string;
  code: string;
  hours: number;
}

interface ResetCodeFacts {
  brand: string;
  code: string;
  minutes: number;
}

interface EmailConfirmationFacts {
  brand: string;
  email: string;
  link: string;
  hours: number;
}

export interface RegistrationMails {
  activation(facts: ActivationFacts): MailText;
  businessActivation(facts: BusinessActivationFacts): MailText;
  employeeInvitation(facts: InvitationFacts): MailText;
  passwordResetCode(facts: ResetCodeFacts): MailText;
  passwordChanged(facts: { brand: string }): MailText;
  emailConfirmation(facts: EmailConfirmationFacts): MailText;
}

const en: RegistrationMails = {
  activation: ({ brand, name, link, code, hours }) => ({
    subject: `Activate your ${brand} account`,
    text: `${name === undefined ? 'Hello' : `Hello ${name}`},

Thank you for registering with ${brand}. To activate your account, open this link:
${link}

Or enter this code on the activation page: ${code}

The link and the code work for ${hours} hours. If you did not register, ignore this e-mail and no account will be activated.`,
  }),
  businessActivation: ({ brand, name, business, link, code, hours }) => ({
    subject: `Activate your ${brand} business account`,
    text: `${name === undefined ? 'Hello' : `Hello ${name}`},

The ${brand} business account of ${business} is ready to be activated. Open this link:
${link}

Or enter this code on the activation page: ${code}

Once it is active, the authorized users of ${business} receive their own activation links. The link and the code work for ${hours} hours.`,
  }),
  employeeInvitation: ({ brand, business, link, code, hours }) => ({
    subject: `${business} invited you to ${brand}`,
    text: `Hello,

${business} added you as a user of its ${brand} business account. To activate your sign-in, open this link and set your name and password:
${link}

If the page asks for a code, enter: ${code}

The invitation works for ${hours} hours. If you did not expect it, ignore this e-mail.`,
  }),
  passwordResetCode: ({ brand, code, minutes }) => ({
    subject: `Your ${brand} password reset code`,
    text: `${code} is your code to reset the password of your ${brand} account. It works for ${minutes} minutes.

If you did not ask to reset your password, ignore this e-mail: your password stays as it is. Never share this code with anyone, not even with us.`,
  }),
  passwordChanged: ({ brand }) => ({
    subject: `Your ${brand} password has been successfully updated`,
    text: `The password of your ${brand} account has been successfully updated, and every device signed in to it was signed out. If you use the mobile app, please link it again.

If you did not change your password, contact support at once.`,
  }),
  emailConfirmation: ({ brand, email, link, hours }) => ({
    subject: `Confirm your e-mail address for ${brand}`,
    text: `Please confirm that ${email} is your e-mail address by opening this link:
${link}

The link works for ${hours} hours. If you did not ask for this, ignore this e-mail.`,
  }),
};

const es: RegistrationMails = {
  activation: ({ brand, name, link, code, hours }) => ({
    subject: `Activa tu cuenta de ${brand}`,
    text: `${name === undefined ? 'Hola' : `Hola, ${name}`}:

Gracias por registrarte en ${brand}. Para activar tu cuenta, abre este enlace:
${link}

O introduce este código en la página de activación: ${code}

El enlace y el código son válidos durante ${hours} horas. Si no te has registrado, ignora este correo y no se activará ninguna cuenta.`,
  }),
  businessActivation: ({ brand, name, business, link, code, hours }) => ({
    subject: `Activa tu cuenta de empresa de ${brand}`,
    text: `${name === undefined ? 'Hola' : `Hola, ${name}`}:

La cuenta de empresa de ${business} en ${brand} está lista para activarse. Abre este enlace:
${link}

O introduce este código en la página de activación: ${code}

Cuando esté activa, los usuarios autorizados de ${business} recibirán sus propios enlaces de activación. El enlace y el código son válidos durante ${hours} horas.`,
  }),
  employeeInvitation: ({ brand, business, link, code, hours }) => ({
    subject: `${business} te ha invitado a ${brand}`,
    text: `Hola:

${business} te ha añadido como usuario de su cuenta de empresa de ${brand}. Para activar tu acceso, abre este enlace e indica tu nombre y tu contraseña:
${link}

Si la página te pide un código, introduce: ${code}

La invitación es válida durante ${hours} horas. Si no la esperabas, ignora este correo.`,
  }),
  passwordResetCode: ({ brand, code, minutes }) => ({
    subject: `Tu código para restablecer la contraseña de ${brand}`,
    text: `${code} es tu código para restablecer la contraseña de tu cuenta de ${brand}. Es válido durante ${minutes} minutos.

Si no has pedido restablecer tu contraseña, ignora este correo: tu contraseña no cambia. No compartas este código con nadie, ni siquiera con nosotros.`,
  }),
  passwordChanged: ({ brand }) => ({
    subject: `Tu contraseña de ${brand} se ha actualizado correctamente`,
    text: `La contraseña de tu cuenta de ${brand} se ha actualizado correctamente y se ha cerrado la sesión en todos los dispositivos. Si usas la aplicación móvil, vuelve a vincularla.

Si no has cambiado tu contraseña, contacta con el servicio de atención al cliente de inmediato.`,
  }),
  emailConfirmation: ({ brand, email, link, hours }) => ({
    subject: `Confirma tu dirección de correo para ${brand}`,
    text: `Confirma que ${email} es tu dirección de correo abriendo este enlace:
${link}

El enlace es válido durante ${hours} horas. Si no lo has pedido, ignora este correo.`,
  }),
};

const ro: RegistrationMails = {
  activation: ({ brand, name, link, code, hours }) => ({
    subject: `Activează-ți contul ${brand}`,
    text: `${name === undefined ? 'Bună ziua' : `Bună ziua, ${name}`},

Îți mulțumim că te-ai înregistrat la ${brand}. Pentru a-ți activa contul, deschide acest link:
${link}

Sau introdu acest cod pe pagina de activare: ${code}

Linkul și codul sunt valabile ${hours} de ore. Dacă nu te-ai înregistrat, ignoră acest e-mail și niciun cont nu va fi activat.`,
  }),
  businessActivation: ({ brand, name, business, link, code, hours }) => ({
    subject: `Activează-ți contul de companie ${brand}`,
    text: `${name === undefined ? 'Bună ziua' : `Bună ziua, ${name}`},

Contul de companie ${brand} al ${business} este gata de activare. Deschide acest link:
${link}

Sau introdu acest cod pe pagina de activare: ${code}

După activare, utilizatorii autorizați ai ${business} primesc propriile linkuri de activare. Linkul și codul sunt valabile ${hours} de ore.`,
  }),
  employeeInvitation: ({ brand, business, link, code, hours }) => ({
    subject: `${business} te-a invitat în ${brand}`,
    text: `Bună ziua,

${business} te-a adăugat ca utilizator al contului său de companie ${brand}. Pentru a-ți activa accesul, deschide acest link și completează numele și parola:
${link}

Dacă pagina îți cere un cod, introdu: ${code}

Invitația este valabilă ${hours} de ore. Dacă nu o așteptai, ignoră acest e-mail.`,
  }),
  passwordResetCode: ({ brand, code, minutes }) => ({
    subject: `Codul tău de resetare a parolei ${brand}`,
    text: `${code} este codul tău pentru resetarea parolei contului ${brand}. Este valabil ${minutes} de minute.

Dacă nu ai cerut resetarea parolei, ignoră acest e-mail: parola ta rămâne neschimbată. Nu da acest cod nimănui, nici măcar nouă.`,
  }),
  passwordChanged: ({ brand }) => ({
    subject: `Parola ta ${brand} a fost actualizată cu succes`,
    text: `Parola contului tău ${brand} a fost actualizată cu succes, iar toate dispozitivele conectate au fost deconectate. Dacă folosești aplicația mobilă, conecteaz-o din nou.

Dacă nu tu ai schimbat parola, contactează imediat echipa de asistență.`,
  }),
  emailConfirmation: ({ brand, email, link, hours }) => ({
    subject: `Confirmă adresa de e-mail pentru ${brand}`,
    text: `Te rugăm să confirmi că ${email} este adresa ta de e-mail deschizând acest link:
${link}

Linkul este valabil ${hours} de ore. Dacă nu ai cerut acest lucru, ignoră acest e-mail.`,
  }),
};

const ru: RegistrationMails = {
  activation: ({ brand, name, link, code, hours }) => ({
    subject: `Активируйте аккаунт ${brand}`,
    text: `${name === undefined ? 'Здравствуйте' : `Здравствуйте, ${name}`}!

Спасибо за регистрацию в ${brand}. Чтобы активировать аккаунт, откройте эту ссылку:
${link}

Или введите этот код на странице активации: ${code}

Ссылка и код действуют ${hours} ч. Если вы не регистрировались, просто проигнорируйте это письмо — аккаунт не будет активирован.`,
  }),
  businessActivation: ({ brand, name, business, link, code, hours }) => ({
    subject: `Активируйте бизнес-аккаунт ${brand}`,
    text: `${name === undefined ? 'Здравствуйте' : `Здравствуйте, ${name}`}!

Бизнес-аккаунт ${business} в ${brand} готов к активации. Откройте эту ссылку:
${link}

Или введите этот код на странице активации: ${code}

После активации уполномоченные пользователи ${business} получат свои ссылки для активации. Ссылка и код действуют ${hours} ч.`,
  }),
  employeeInvitation: ({ brand, business, link, code, hours }) => ({
    subject: `${business} приглашает вас в ${brand}`,
    text: `Здравствуйте!

${business} добавляет вас как пользователя своего бизнес-аккаунта ${brand}. Чтобы активировать вход, откройте эту ссылку и укажите имя и пароль:
${link}

Если страница попросит код, введите: ${code}

Приглашение действует ${hours} ч. Если вы его не ждали, проигнорируйте это письмо.`,
  }),
  passwordResetCode: ({ brand, code, minutes }) => ({
    subject: `Код для сброса пароля ${brand}`,
    text: `${code} — ваш код для сброса пароля аккаунта ${brand}. Он действует ${minutes} мин.

Если вы не запрашивали сброс пароля, проигнорируйте это письмо: пароль останется прежним. Никому не сообщайте этот код, даже нам.`,
  }),
  passwordChanged: ({ brand }) => ({
    subject: `Пароль ${brand} успешно обновлён`,
    text: `Пароль вашего аккаунта ${brand} успешно обновлён, а все устройства, где был выполнен вход, отключены. Если вы пользуетесь мобильным приложением, привяжите его заново.

Если пароль меняли не вы, немедленно обратитесь в службу поддержки.`,
  }),
  emailConfirmation: ({ brand, email, link, hours }) => ({
    subject: `Подтвердите адрес электронной почты для ${brand}`,
    text: `Подтвердите, что ${email} — ваш адрес электронной почты, открыв эту ссылку:
${link}

Ссылка действует ${hours} ч. Если вы этого не запрашивали, проигнорируйте это письмо.`,
  }),
};

const ua: RegistrationMails = {
  activation: ({ brand, name, link, code, hours }) => ({
    subject: `Активуйте акаунт ${brand}`,
    text: `${name === undefined ? 'Вітаємо' : `Вітаємо, ${name}`}!

Дякуємо за реєстрацію в ${brand}. Щоб активувати акаунт, відкрийте це посилання:
${link}

Або введіть цей код на сторінці активації: ${code}

Посилання й код діють ${hours} год. Якщо ви не реєструвалися, просто проігноруйте цей лист — акаунт не буде активовано.`,
  }),
  businessActivation: ({ brand, name, business, link, code, hours }) => ({
    subject: `Активуйте бізнес-акаунт ${brand}`,
    text: `${name === undefined ? 'Вітаємо' : `Вітаємо, ${name}`}!

Бізнес-акаунт ${business} у ${brand} готовий до активації. Відкрийте це посилання:
${link}

Або введіть цей код на сторінці активації: ${code}

Після активації уповноважені користувачі ${business} отримають власні посилання для активації. Посилання й код діють ${hours} год.`,
  }),
  employeeInvitation: ({ brand, business, link, code, hours }) => ({
    subject: `${business} запрошує вас до ${brand}`,
    text: `Вітаємо!

${business} додає вас як користувача свого бізнес-акаунта ${brand}. Щоб активувати вхід, відкрийте це посилання й укажіть ім’я та пароль:
${link}

Якщо сторінка попросить код, введіть: ${code}

Запрошення діє ${hours} год. Якщо ви його не чекали, проігноруйте цей лист.`,
  }),
  passwordResetCode: ({ brand, code, minutes }) => ({
    subject: `Код для скидання пароля ${brand}`,
    text: `${code} — ваш код для скидання пароля акаунта ${brand}. Він діє ${minutes} хв.

Якщо ви не просили скинути пароль, проігноруйте цей лист: пароль залишиться таким самим. Нікому не повідомляйте цей код, навіть нам.`,
  }),
  passwordChanged: ({ brand }) => ({
    subject: `Пароль ${brand} успішно оновлено`,
    text: `Пароль вашого акаунта ${brand} успішно оновлено, а з усіх пристроїв, де було виконано вхід, здійснено вихід. Якщо ви користуєтеся мобільним застосунком, прив’яжіть його знову.

Якщо пароль змінювали не ви, негайно зверніться до служби підтримки.`,
  }),
  emailConfirmation: ({ brand, email, link, hours }) => ({
    subject: `Підтвердьте адресу електронної пошти для ${brand}`,
    text: `Підтвердьте, що ${email} — ваша адреса електронної пошти, відкривши це посилання:
${link}

Посилання діє ${hours} год. Якщо ви цього не просили, проігноруйте цей лист.`,
  }),
};

const pt: RegistrationMails = {
  activation: ({ brand, name, link, code, hours }) => ({
    subject: `Ative a sua conta ${brand}`,
    text: `${name === undefined ? 'Olá' : `Olá, ${name}`},

Obrigado por se registar na ${brand}. Para ativar a sua conta, abra esta ligação:
${link}

Ou introduza este código na página de ativação: ${code}

A ligação e o código são válidos durante ${hours} horas. Se não se registou, ignore este e-mail e nenhuma conta será ativada.`,
  }),
  businessActivation: ({ brand, name, business, link, code, hours }) => ({
    subject: `Ative a sua conta empresarial ${brand}`,
    text: `${name === undefined ? 'Olá' : `Olá, ${name}`},

A conta empresarial ${brand} de ${business} está pronta para ser ativada. Abra esta ligação:
${link}

Ou introduza este código na página de ativação: ${code}

Depois de ativada, os utilizadores autorizados de ${business} recebem as suas próprias ligações de ativação. A ligação e o código são válidos durante ${hours} horas.`,
  }),
  employeeInvitation: ({ brand, business, link, code, hours }) => ({
    subject: `${business} convidou-o para a ${brand}`,
    text: `Olá,

${business} adicionou-o como utilizador da sua conta empresarial ${brand}. Para ativar o seu acesso, abra esta ligação e indique o seu nome e palavra-passe:
${link}

Se a página pedir um código, introduza: ${code}

O convite é válido durante ${hours} horas. Se não estava à espera dele, ignore este e-mail.`,
  }),
  passwordResetCode: ({ brand, code, minutes }) => ({
    subject: `O seu código para redefinir a palavra-passe ${brand}`,
    text: `${code} é o seu código para redefinir a palavra-passe da sua conta ${brand}. É válido durante ${minutes} minutos.

Se não pediu para redefinir a palavra-passe, ignore este e-mail: a sua palavra-passe mantém-se. Nunca partilhe este código com ninguém, nem connosco.`,
  }),
  passwordChanged: ({ brand }) => ({
    subject: `A sua palavra-passe ${brand} foi atualizada com sucesso`,
    text: `A palavra-passe da sua conta ${brand} foi atualizada com sucesso e todos os dispositivos com sessão iniciada foram desligados. Se usa a aplicação móvel, associe-a novamente.

Se não foi você que alterou a palavra-passe, contacte o apoio ao cliente de imediato.`,
  }),
  emailConfirmation: ({ brand, email, link, hours }) => ({
    subject: `Confirme o seu endereço de e-mail para a ${brand}`,
    text: `Confirme que ${email} é o seu endereço de e-mail abrindo esta ligação:
${link}

A ligação é válida durante ${hours} horas. Se não pediu isto, ignore este e-mail.`,
  }),
};

const MAILS: Record<Language, RegistrationMails> = { en, es, ro, ru, ua, pt };

export function registrationMailsIn(language: Language): RegistrationMails {
  return MAILS[language];
}
