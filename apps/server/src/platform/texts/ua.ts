import type { TextCatalogue } from './localize';

/** The server's texts in Ukrainian, keyed by their English text (see ./localize.ts). */
export const ua: TextCatalogue = {
  'Choose a customer to act for.': 'Виберіть клієнта, від імені якого ви дієте.',
  'Use YYYY-MM.': 'Використовуйте формат YYYY-MM.',
  'This account is not available.': 'Цей рахунок недоступний.',
  'You hold the most accounts one customer can.':
    'У вас уже максимальна кількість рахунків, яку може мати один клієнт.',
  'These payment instructions are not available.': 'Ці платіжні реквізити недоступні.',
  'Please sign in to continue.': 'Увійдіть, щоб продовжити.',
  'fromCustomerId must be a customer id.': 'fromCustomerId має бути ідентифікатором клієнта.',
  "Enter the payer's name (up to {MAX_PAYER_NAME_LENGTH} characters).":
    'Введіть ім’я платника (максимум символів: {MAX_PAYER_NAME_LENGTH}).',
  'Enter the reference (up to {MAX_REMITTANCE_LENGTH} characters).':
    'Введіть призначення платежу (максимум символів: {MAX_REMITTANCE_LENGTH}).',
  'Bank transfers arrive in USD, EUR, GBP, CAD, AUD or RON.':
    'Банківські перекази надходять у USD, EUR, GBP, CAD, AUD або RON.',
  'The amount must be greater than zero and not too large.': 'Сума має бути більшою за нуль і не надто великою.',
  'Up to {MAX_RAIL_REFERENCE_LENGTH} printable characters.':
    'Максимум друкованих символів: {MAX_RAIL_REFERENCE_LENGTH}.',
  'This payment was reported before with other details.': 'Про цей платіж уже повідомляли з іншими даними.',
  'There is no statement for this month.': 'За цей місяць виписки немає.',
  'Customer not found.': 'Клієнта не знайдено.',
  'Incorrect e-mail or password.': 'Неправильна адреса електронної пошти або пароль.',
  'Your account is not activated yet. Please follow the activation link we sent to your e-mail.':
    'Ваш обліковий запис ще не активовано. Перейдіть за посиланням для активації, яке ми надіслали на вашу електронну пошту.',
  'Your account is blocked. Please contact support.':
    'Ваш обліковий запис заблоковано. Зверніться до служби підтримки.',
  'This device is not linked (any more). Link it again from the app.':
    'Цей пристрій не прив’язано або його вже відв’язано. Прив’яжіть його знову в застосунку.',
  'This sign-in code is invalid or has expired. Please sign in again.':
    'Цей код входу недійсний або термін його дії минув. Увійдіть знову.',
  'Too many incorrect codes. Please sign in again.': 'Забагато неправильних кодів. Увійдіть знову.',
  'Enter the 6-digit code.': 'Введіть 6-значний код.',
  'This code has expired. Ask for a new one.': 'Термін дії цього коду минув. Запросіть новий.',
  'The code is incorrect. Attempts left: {attemptsLeft}.': 'Неправильний код. Залишилося спроб: {attemptsLeft}.',
  'This link has expired or was used. Show a new QR code on the website.':
    'Термін дії цього посилання минув або його вже використано. Відкрийте новий QR-код на сайті.',
  "This device doesn't exist or isn't yours.": 'Такого пристрою не існує або він не ваш.',
  'You can link up to {MAX_DEVICES_PER_USER} devices. Remove one first.':
    'Максимальна кількість прив’язаних пристроїв: {MAX_DEVICES_PER_USER}. Спершу видаліть один із них.',
  'This device is already approved.': 'Цей пристрій уже підтверджено.',
  'This method is not available to you.': 'Цей спосіб вам недоступний.',
  'This approval has ended. Please start it again.': 'Це підтвердження завершено. Почніть його знову.',
  'Start the approval with this method first.': 'Спершу почніть підтвердження цим способом.',
  'The code is incorrect or has expired.': 'Код неправильний або термін його дії минув.',
  'Too many incorrect codes. Please start the approval again.':
    'Забагато неправильних кодів. Почніть підтвердження знову.',
  'This device is not waiting for your answer.': 'Цей пристрій не чекає на вашу відповідь.',
  'Set up the authenticator app for sign-in first, then use it for approvals.':
    'Спершу налаштуйте застосунок-автентифікатор для входу, а потім використовуйте його для підтверджень.',
  'Enter the phone number the codes should go to.': 'Введіть номер телефону, на який надходитимуть коди.',
  'Link a mobile device first: push approvals go to it.':
    'Спершу прив’яжіть мобільний пристрій: саме на нього надходять push-сповіщення для підтвердження.',
  'This change has ended. Please start again.': 'Цю зміну завершено. Почніть знову.',
  'The change was declined on your device.': 'Зміну відхилено на вашому пристрої.',
  'The code is incorrect.': 'Неправильний код.',
  'This code has expired. Please start again.': 'Термін дії цього коду минув. Почніть знову.',
  'Too many incorrect codes. Please start again.': 'Забагато неправильних кодів. Почніть знову.',
  'This change is not waiting for your answer.': 'Ця зміна не чекає на вашу відповідь.',
  'The new passwords do not match.': 'Нові паролі не збігаються.',
  'Choose a password different from the current one.': 'Оберіть пароль, що відрізняється від поточного.',
  'This password change has ended. Please start again.': 'Цю зміну пароля завершено. Почніть знову.',
  'Too many incorrect codes. Please start the password change again.':
    'Забагато неправильних кодів. Почніть зміну пароля знову.',
  'This sign-in has ended. Please sign in again.': 'Цей вхід завершено. Увійдіть знову.',
  'This sign-in is not waiting for your answer.': 'Цей вхід не чекає на вашу відповідь.',
  'Enter your password again to change security settings.': 'Введіть пароль ще раз, щоб змінити налаштування безпеки.',
  'Enter your password to continue.': 'Введіть пароль, щоб продовжити.',
  'Too many incorrect passwords. Please sign in again.': 'Забагато неправильних паролів. Увійдіть знову.',
  'The password is incorrect.': 'Неправильний пароль.',
  'Enter the 6-digit code from your authenticator app.': 'Введіть 6-значний код із застосунку-автентифікатора.',
  'This set-up request has ended. Please start again.': 'Цей запит на налаштування завершено. Почніть знову.',
  'The code is incorrect. Check the time on your phone.':
    'Неправильний код. Перевірте, чи правильно встановлено час на телефоні.',
  'Too many incorrect codes. Please start the set-up again.':
    'Забагато неправильних кодів. Почніть налаштування знову.',
  'No code was sent for this request.': 'Для цього запиту код не надсилався.',
  "This session doesn't exist or has ended.": 'Такого сеансу не існує або його завершено.',
  'Set up the authenticator app to continue.': 'Налаштуйте застосунок-автентифікатор, щоб продовжити.',
  'No customer is linked to this sign-in.': 'З цим входом не пов’язано жодного клієнта.',
  'These terms are not waiting for your acceptance.': 'Ці умови не очікують на вашу згоду.',
  'This customer does not exist.': 'Такого клієнта не існує.',
  'Keep the payload under {MAX_LIVE_PAYLOAD_BYTES} bytes': 'Розмір даних має бути меншим за {MAX_LIVE_PAYLOAD_BYTES} Б',
  'Give exactly one of userId and customerId': 'Вкажіть лише одне з полів: userId або customerId',
  'At most 400 days ahead.': 'Не більше ніж на 400 днів уперед.',
  'This document does not exist.': 'Такого документа не існує.',
  'This document has already been reviewed.': 'Цей документ уже перевірено.',
  'A customer has at most 10 open limit reasons.': 'Клієнт може мати не більше 10 відкритих причин обмеження.',
  'This customer is not limited.': 'Цього клієнта не обмежено.',
  'The data part is missing.': 'Немає частини з даними.',
  'The data part must be JSON.': 'Частина з даними має бути у форматі JSON.',
  'Attach the document.': 'Додайте документ.',
  'Attach the document that proves the address.': 'Додайте документ, що підтверджує адресу.',
  'Each side can be uploaded once.': 'Кожен бік документа можна завантажити лише один раз.',
  'Upload both the front and the back of the document.': 'Завантажте лицьовий і зворотний боки документа.',
  'Upload the document.': 'Завантажте документ.',
  'Upload the front of the document.': 'Завантажте лицьовий бік документа.',
  'This document has expired.': 'Термін дії цього документа минув.',
  'This document does not exist or is not yours.': 'Такого документа не існує або він не ваш.',
  'This limit reason does not exist or is resolved.': 'Такої причини обмеження не існує або її вже усунуто.',
  'This reason does not ask for that document.': 'Ця причина не вимагає такого документа.',
  'Your due diligence does not ask for this document.': 'Ваша комплексна перевірка не вимагає цього документа.',
  'A video identity session is already in progress.': 'Сеанс відеоідентифікації вже триває.',
  'This video identity session does not exist.': 'Такого сеансу відеоідентифікації не існує.',
  'This export is not available.': 'Цей експорт недоступний.',
  'This export has expired. Please start a new one.': 'Термін дії цього експорту минув. Запустіть новий.',
  'This export is still being prepared.': 'Цей експорт ще готується.',
  'This page link is not valid; start from the first page.':
    'Посилання на цю сторінку недійсне; почніть із першої сторінки.',
  'The amount must be greater than zero.': 'Сума має бути більшою за нуль.',
  'The amount is too large.': 'Сума завелика.',
  'The amount must not be zero.': 'Сума не може дорівнювати нулю.',
  'The source and destination accounts are the same.': 'Рахунок списання і рахунок зарахування однакові.',
  'The amount is more than was reserved.': 'Сума перевищує зарезервовану.',
  'The credits must be positive, to other accounts, and add up to the amount.':
    'Зарахування мають бути додатними, на інші рахунки і в сумі дорівнювати сумі платежу.',
  'This payment was already completed.': 'Цей платіж уже виконано.',
  'This payment was already cancelled.': 'Цей платіж уже скасовано.',
  'This payment reservation has expired.': 'Термін резервування коштів для цього платежу минув.',
  'Insufficient funds.': 'Недостатньо коштів.',
  'The account holds {expected}.': 'Рахунок ведеться у валюті {expected}.',
  'Account not found.': 'Рахунок не знайдено.',
  'This account is closed.': 'Цей рахунок закрито.',
  'An account can be closed only with a zero balance and no pending payments.':
    'Рахунок можна закрити лише з нульовим балансом і без платежів в обробці.',
  'Payment not found.': 'Платіж не знайдено.',
  'Transaction not found.': 'Операцію не знайдено.',
  'This transaction was already reversed.': 'Цю операцію вже сторновано.',
  'The money arrives at once and the payee is told right away. Transfers to other banks keep their usual fees.':
    'Гроші надходять одразу, і отримувач відразу дізнається про це. Для переказів до інших банків діють звичайні комісії.',
  'Please accept the new fee schedule, or decline it and our team will contact you about your options.':
    'Прийміть нові тарифи або відхиліть їх — тоді наша команда зв’яжеться з вами, щоб обговорити можливі варіанти.',
  'Announcement not found.': 'Оголошення не знайдено.',
  'This announcement needs no answer.': 'Це оголошення не потребує відповіді.',
  'This announcement was already answered.': 'На це оголошення вже відповіли.',
  'You can keep at most {MAX_EMAILS} e-mails.': 'Максимальна кількість адрес електронної пошти: {MAX_EMAILS}.',
  'You already added this e-mail.': 'Ви вже додали цю адресу електронної пошти.',
  'This e-mail does not exist or is not yours.': 'Такої адреси електронної пошти не існує або вона не ваша.',
  'This e-mail is already confirmed.': 'Цю адресу електронної пошти вже підтверджено.',
  'Too many wrong codes. Ask for a new one.': 'Забагато неправильних кодів. Запросіть новий.',
  'The code is not right.': 'Код неправильний.',
  'Make another e-mail primary before deleting this one.': 'Перш ніж видалити цю адресу, зробіть основною іншу.',
  'Confirm this e-mail first.': 'Спершу підтвердьте цю адресу електронної пошти.',
  'You already sign in with this e-mail.': 'Ви вже входите з цією адресою електронної пошти.',
  'Another account uses this e-mail.': 'Цю адресу електронної пошти використовує інший обліковий запис.',
  'This request does not exist or is not yours.': 'Такого запиту не існує або він не ваш.',
  'This request is no longer open. Start a new one.': 'Цей запит уже закрито. Створіть новий.',
  'This code has expired. Start a new request.': 'Термін дії цього коду минув. Створіть новий запит.',
  'Too many wrong codes. Start a new request.': 'Забагато неправильних кодів. Створіть новий запит.',
  'Another account took this e-mail meanwhile.': 'Тим часом цю адресу електронної пошти зайняв інший обліковий запис.',
  'This is not a valid mobile number.': 'Це недійсний номер мобільного телефону.',
  'You can keep at most {MAX_PHONES} phones.': 'Максимальна кількість телефонів: {MAX_PHONES}.',
  'You already added this number.': 'Ви вже додали цей номер.',
  'This phone does not exist or is not yours.': 'Такого телефону не існує або він не ваш.',
  'Confirm this phone first, or add a new one.': 'Спершу підтвердьте цей телефон або додайте новий.',
  'This phone is already confirmed.': 'Цей телефон уже підтверджено.',
  'Ask for a new code first.': 'Спершу запросіть новий код.',
  'Confirm this phone first.': 'Спершу підтвердьте цей телефон.',
  'The data part is not JSON.': 'Частина з даними не у форматі JSON.',
  'Each part can hold one file.': 'Кожна частина може містити лише один файл.',
  'This address does not exist or is not yours.': 'Такої адреси не існує або вона не ваша.',
  'Finish or delete the addresses in draft first.': 'Спершу завершіть або видаліть чернетки адрес.',
  'You already have this address. Replace it instead.': 'У вас уже є ця адреса. Замініть її.',
  'You have a new address in draft. Confirm or delete it first.':
    'У вас є чернетка нової адреси. Спершу підтвердьте або видаліть її.',
  'Only an address in use can be replaced.': 'Замінити можна лише чинну адресу.',
  'A replacement is the same kind of address.': 'Нова адреса має бути того самого виду, що й замінювана.',
  'The documents of this address are already under review or confirmed.':
    'Документи цієї адреси вже на перевірці або підтверджені.',
  'This address is no longer in use.': 'Ця адреса вже не чинна.',
  'Choose the relationship document type.': 'Виберіть тип документа про спорідненість.',
  'This address was already confirmed.': 'Цю адресу вже підтверджено.',
  'Upload the document that proves the address first.': 'Спершу завантажте документ, що підтверджує адресу.',
  'The address this replaces is no longer in use. Start again.': 'Адреса, яку замінює ця, уже не чинна. Почніть знову.',
  'Your home address can be replaced, not deleted.': 'Домашню адресу можна замінити, але не видалити.',
  'This code is not right. Check the latest activation e-mail.':
    'Код неправильний. Перевірте останній лист про активацію.',
  'This code is not right. Tries left: {attemptsLeft}.': 'Код неправильний. Залишилося спроб: {attemptsLeft}.',
  'Too many wrong codes. Request a new code.': 'Забагато неправильних кодів. Запросіть новий код.',
  'This code has expired. Request a new code.': 'Термін дії цього коду минув. Запросіть новий код.',
  'This account is already active. Sign in.': 'Цей обліковий запис уже активний. Увійдіть.',
  'This invitation asks for your name and a password: open the link in the invitation e-mail.':
    'Для цього запрошення потрібні ваше ім’я та пароль: відкрийте посилання з листа-запрошення.',
  'This code does not belong to an invitation. Activate the account on the activation page.':
    'Цей код не стосується запрошення. Активуйте обліковий запис на сторінці активації.',
  'This password reset has expired. Please start again.': 'Термін дії цього скидання пароля минув. Почніть знову.',
  'Registration is not available here. Please contact support.':
    'Реєстрація тут недоступна. Зверніться до служби підтримки.',
  'Choose one of the types offered.': 'Виберіть один із запропонованих типів.',
  'Enter a valid phone number, with the country code if it is not from the country you chose.':
    'Введіть дійсний номер телефону, з кодом країни, якщо номер не з вибраної країни.',
  'An account with this e-mail address already exists. Sign in, or reset your password.':
    'Обліковий запис із цією адресою електронної пошти вже існує. Увійдіть або скиньте пароль.',
  'An account with this phone number already exists.': 'Обліковий запис із цим номером телефону вже існує.',
  'The terms have changed since this page was opened. Please read and accept them again.':
    'Умови змінилися після того, як ви відкрили цю сторінку. Прочитайте та прийміть їх знову.',
  'The blacklist holds at most {MAX_BLACKLIST_ENTRIES} e-mails. Remove one first.':
    'Максимальна кількість адрес у чорному списку: {MAX_BLACKLIST_ENTRIES}. Спершу видаліть одну.',
  'This e-mail is not on your blacklist.': 'Цієї адреси електронної пошти немає у вашому чорному списку.',
  'Access from your IP address is not allowed for this account.':
    'Доступ до цього облікового запису з вашої IP-адреси заборонено.',
  'Enter an IPv4 address such as 203.0.113.5 or an IPv6 address.':
    'Введіть адресу IPv4, наприклад 203.0.113.5, або адресу IPv6.',
  'Both ends of a range must be IPv4, or both IPv6.':
    'Обидві межі діапазону мають бути адресами IPv4 або обидві — IPv6.',
  'The end of the range must not come before its start.': 'Кінцева адреса діапазону не може бути меншою за початкову.',
  'After the slash, give the network prefix length: 0 to 32 for IPv4, 0 to 128 for IPv6.':
    'Після скісної риски вкажіть довжину префікса мережі: від 0 до 32 для IPv4, від 0 до 128 для IPv6.',
  'A network such as 203.0.113.0/24 is a range already: leave the end empty.':
    'Мережа на зразок 203.0.113.0/24 уже є діапазоном: не вказуйте останню адресу діапазону.',
  'This change would block the IP address you are using now. Confirm it if you mean to lose access from here.':
    'Ця зміна заблокує IP-адресу, яку ви зараз використовуєте. Підтвердьте її, якщо згодні втратити доступ звідси.',
  'The list holds at most {MAX_IP_ALLOW_LIST_ENTRIES} entries. Remove one first.':
    'Максимальна кількість записів у списку: {MAX_IP_ALLOW_LIST_ENTRIES}. Спершу видаліть один.',
  'Security messages are always sent: they cannot be switched off.':
    'Повідомлення безпеки надсилаються завжди: їх не можна вимкнути.',
  'Choose the customer to act for first.': 'Спершу виберіть клієнта, від імені якого ви дієте.',
  'This sign-in request does not exist or has already been answered.':
    'Такого запиту на вхід не існує або на нього вже відповіли.',
  'This application is not registered for sign-in.': 'Цей застосунок не зареєстровано для входу.',
  'This return address is not registered for the application.': 'Цю адресу повернення не зареєстровано для застосунку.',
  'The application may not ask for this.': 'Застосунку не дозволено це запитувати.',
  'This sign-in request belongs to another user.': 'Цей запит на вхід належить іншому користувачеві.',
  'Client authentication failed.': 'Не вдалося автентифікувати застосунок-клієнт.',
  'The code is not valid, has expired or was already used.':
    'Код недійсний, термін його дії минув або його вже використано.',
  'Send the approving user’s e-mail.': 'Вкажіть адресу електронної пошти користувача, який підтверджує.',
  'This approval belongs to another user.': 'Це підтвердження належить іншому користувачеві.',
  'No exchange rate for this currency.': 'Для цієї валюти немає курсу обміну.',
  'This currency is not supported.': 'Ця валюта не підтримується.',
  'The value is below the smallest representable one.': 'Значення менше за найменше, яке можна відобразити.',
  'Transfers to other customers cannot be made in {currency}.':
    'Перекази іншим клієнтам у валюті {currency} неможливі.',
  'Choose how often the transfer repeats.': 'Виберіть, як часто повторюватиметься переказ.',
  'Choose an end date, a number of transfers, or to repeat until you cancel.':
    'Виберіть дату завершення, кількість переказів або повторення до скасування.',
  'The end date must be on or after the second transfer, {secondRun}.':
    'Дата завершення має бути не раніше дати другого переказу — {secondRun}.',
  'This pre-approved payment is not available.': 'Цей попередньо схвалений платіж недоступний.',
  'This transfer is not waiting for approval.': 'Цей переказ не очікує на підтвердження.',
  'This transfer is not available.': 'Цей переказ недоступний.',
  'This transfer is already completed.': 'Цей переказ уже виконано.',
  'The time to approve this transfer ran out. The funds were released.':
    'Час на підтвердження цього переказу минув. Кошти розблоковано.',
  'Too many incorrect codes. The transfer was rejected and the funds released.':
    'Забагато неправильних кодів. Переказ відхилено, кошти розблоковано.',
  'This transfer was rejected. The funds were released.': 'Цей переказ відхилено. Кошти розблоковано.',
  'Only the user who made this transfer can approve it.':
    'Підтвердити цей переказ може лише користувач, який його створив.',
  'Approve this transfer in the mobile app on your linked device.':
    'Підтвердьте цей переказ у мобільному застосунку на прив’язаному пристрої.',
  'This transfer is not waiting for your answer.': 'Цей переказ не чекає на вашу відповідь.',
  'Nothing is sent for this approval: use the code in your authenticator app.':
    'Для цього підтвердження нічого не надсилається: використайте код із застосунку-автентифікатора.',
  'The smallest amount is {smallest} {currency}.': 'Мінімальна сума — {smallest} {currency}.',
  'The most you can send in one transfer is {most} {currency}.':
    'Максимальна сума одного переказу — {most} {currency}.',
  'This would pass your daily limit of {dailyLimit} {currency}.':
    'Це перевищить ваш денний ліміт у розмірі {dailyLimit} {currency}.',
  'The amount is too small to convert.': 'Сума замала для конвертації.',
  'Choose two different accounts.': 'Виберіть два різні рахунки.',
  'The amount must be in {from_currency} or {to_currency}.':
    'Сума має бути у валюті {from_currency} або {to_currency}.',
  'No customer signs in with this e-mail.': 'Немає клієнта, який входить із цією адресою електронної пошти.',
  'This is your own e-mail. Use a transfer between your accounts instead.':
    'Це ваша власна адреса електронної пошти. Скористайтеся переказом між своїми рахунками.',
  'Transfers between you and this customer are blocked by a payout blacklist.':
    'Перекази між вами та цим клієнтом заблоковано чорним списком виплат.',
  'This template is not available.': 'Цей шаблон недоступний.',
  'Your access to this company does not allow sending money.':
    'Ваш доступ до цієї компанії не дозволяє надсилати гроші.',
  'You can keep up to {MAX_TRANSFER_TEMPLATES} templates. Delete one first.':
    'Максимальна кількість шаблонів: {MAX_TRANSFER_TEMPLATES}. Спершу видаліть один.',
  'Due diligence asks nothing of this customer.': 'Комплексна перевірка нічого не вимагає від цього клієнта.',
  'Only a personal customer updates personal info.': 'Оновлювати особисті дані може лише клієнт — приватна особа.',
  'Business customers verify through business KYC.': 'Бізнес-клієнти проходять перевірку за процедурою для бізнесу.',
  'Upload your identity document.': 'Завантажте документ, що посвідчує особу.',
  'Upload a proof of address.': 'Завантажте підтвердження адреси.',
  'Please check the highlighted fields.': 'Перевірте виділені поля.',
  'Invalid parameters.': 'Недійсні параметри.',
  'Your session has expired. Please sign in again.': 'Ваш сеанс завершено. Увійдіть знову.',
  "You don't have access to this.": 'У вас немає доступу до цього.',
  'Please accept the updated terms to continue.': 'Щоб продовжити, прийміть оновлені умови.',
  'Too many attempts. Please wait and try again.': 'Забагато спроб. Зачекайте та спробуйте знову.',
  'This request key was already used with different details.': 'Цей ключ запиту вже використано з іншими даними.',
  'The request key must be 1 to {MAX_IDEMPOTENCY_KEY_LENGTH} printable characters without spaces.':
    'Ключ запиту має містити від 1 до {MAX_IDEMPOTENCY_KEY_LENGTH} друкованих символів без пробілів.',
  'The request body must be a JSON object.': 'Тіло запиту має бути об’єктом JSON.',
  'The method is missing or does not match the query.': 'Метод не вказано або він не відповідає запиту.',
  'Unknown method {methodName}.': 'Невідомий метод {methodName}.',
  'This action cannot be taken for another customer.': 'Цю дію не можна виконати для іншого клієнта.',
  'The file is larger than {megabytes} MB.': 'Файл більший за {megabytes} МБ.',
  'Upload a PDF, JPEG, PNG or HEIC file.': 'Завантажте файл PDF, JPEG, PNG або HEIC.',
  'The file is empty.': 'Файл порожній.',
  'Send the files as multipart/form-data.': 'Надсилайте файли у форматі multipart/form-data.',
  'Unexpected file field {field}.': 'Неочікуване поле файлу {field}.',
  'At most {maxFiles} files at once.': 'Максимальна кількість файлів за раз: {maxFiles}.',
  'The upload is not valid.': 'Завантаження недійсне.',
  'Not found': 'Не знайдено',
  'Use the yyyy-mm-dd format': 'Використовуйте формат yyyy-mm-dd',
  'Letters, digits and dots only': 'Лише літери, цифри та крапки',
  'The start date must not be after the end date': 'Дата початку не може бути пізніше за дату завершення',
  'Code challenge must be 43 to 128 characters of letters, digits, "-", ".", "_" or "~"':
    'Виклик PKCE має містити від 43 до 128 символів: літери, цифри, "-", ".", "_" або "~"',
  'Code verifier must be 43 to 128 unreserved characters':
    'Верифікатор PKCE має містити від 43 до 128 незарезервованих символів',
  'Enter the 6-digit code': 'Введіть 6-значний код',
  'A two-letter country code': 'Дволітерний код країни',
  'Enter an amount such as 10.50.': 'Введіть суму, наприклад 10.50.',
  'The end date is before the start date.': 'Дата завершення раніша за дату початку.',
  'The maximum is below the minimum.': 'Максимум менший за мінімум.',
  'Each language once': 'Кожна мова — лише один раз',
  'Give the ids, or all: true': 'Вкажіть ідентифікатори (ids) або all: true',
  'Enter the address.': 'Введіть адресу.',
  'Enter the city.': 'Введіть місто.',
  'Enter the postal code.': 'Введіть поштовий індекс.',
  'Letters, digits, spaces and dashes only.': 'Лише літери, цифри, пробіли та дефіси.',
  'The country code is digits only, without +.': 'Код країни — лише цифри, без +.',
  'Enter the number in digits.': 'Введіть номер цифрами.',
  'Not a PKCE challenge.': 'Це не виклик PKCE.',
  'Enter the code from the SMS.': 'Введіть код із SMS.',
  'Not a PKCE verifier.': 'Це не верифікатор PKCE.',
  'Send the code with its verifier, or the reqId with the approval code.':
    'Надішліть код разом із його верифікатором або reqId разом із кодом підтвердження.',
  'Enter the code from the e-mail.': 'Введіть код із листа.',
  'Enter the tax number.': 'Введіть податковий номер.',
  'Letters, digits, dots, slashes and dashes only.': 'Лише літери, цифри, крапки, скісні риски та дефіси.',
  'Enter a name.': 'Введіть ім’я.',
  'Accept the terms to continue.': 'Щоб продовжити, прийміть умови.',
  'Enter your e-mail address.': 'Введіть адресу електронної пошти.',
  'The passwords do not match.': 'Паролі не збігаються.',
  'This reset link is not valid.': 'Це посилання для скидання пароля недійсне.',
  'Enter the number with its country code, e.g. +44 7700 900123.':
    'Введіть номер із кодом країни, наприклад +44 7700 900123.',
  'Send either mode or typeMode.': 'Надішліть або mode, або typeMode.',
  'Your password has been successfully updated. Please link your mobile device again to keep approving with it.':
    'Ваш пароль успішно оновлено. Прив’яжіть мобільний пристрій знову, щоб і далі підтверджувати операції з його допомогою.',
  'Use the format YYYY-MM-DD.': 'Використовуйте формат YYYY-MM-DD.',
  'The start date must not be after the end date.': 'Дата початку не може бути пізніше за дату завершення.',
  'Enter an IP address.': 'Введіть IP-адресу.',
  'This is not an IP address.': 'Це не IP-адреса.',
  'Choose a block type.': 'Виберіть тип блокування.',
  'The user with the e-mail has been added to the black list.':
    'Користувача з цією адресою електронної пошти додано до чорного списку.',
  'Unknown notification setting.': 'Невідоме налаштування сповіщень.',
  'Unknown client.': 'Невідомий застосунок-клієнт.',
  'Scopes are {scopes}.': 'Доступні області доступу: {scopes}.',
  'The request key must be 1 to 128 printable characters without spaces.':
    'Ключ запиту має містити від 1 до 128 друкованих символів без пробілів.',
  'Enter an amount such as 12.34.': 'Введіть суму, наприклад 12.34.',
  'Enter a date as YYYY-MM-DD.': 'Введіть дату у форматі YYYY-MM-DD.',
  'You must be at least 18.': 'Вам має бути щонайменше 18 років.',
  'Check the year of birth.': 'Перевірте рік народження.',
  'Say why the document is rejected.': 'Вкажіть, чому документ відхилено.',
  'Say why.': 'Вкажіть причину.',
  'Each document once.': 'Кожен документ — лише один раз.',
  'Use at least {MIN_PASSWORD_LENGTH} characters.': 'Мінімальна кількість символів: {MIN_PASSWORD_LENGTH}.',
  'Use at most {MAX_PASSWORD_LENGTH} characters.': 'Максимальна кількість символів: {MAX_PASSWORD_LENGTH}.',
  'This password is too common or appeared in a data breach. Choose another one.':
    'Цей пароль надто поширений або потрапляв у витоки даних. Оберіть інший.',
  'Do not build the password from your e-mail address or your name.':
    'Не складайте пароль з адреси електронної пошти чи свого імені.',
  'Keyboard patterns are easy to guess. Choose another password.':
    'Поєднання сусідніх клавіш легко вгадати. Оберіть інший пароль.',
  'Repeated characters and sequences are easy to guess. Choose another password.':
    'Повтори й послідовності символів легко вгадати. Оберіть інший пароль.',
  'Dates and years are easy to guess. Choose another password.': 'Дати й роки легко вгадати. Оберіть інший пароль.',
  'This password is too easy to guess. Add more words or characters.':
    'Цей пароль надто легко вгадати. Додайте більше слів або символів.',
  'Enter a valid phone number with its country code, e.g. +44 7700 900123.':
    'Введіть дійсний номер телефону з кодом країни, наприклад +44 7700 900123.',
};
