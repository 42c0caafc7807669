import type { TextCatalogue } from './localize';

/** The server's texts in Russian, keyed by their English text (see ./localize.ts). */
export const ru: TextCatalogue = {
  'Choose a customer to act for.': 'Выберите аккаунт, в котором хотите работать.',
  'Use YYYY-MM.': 'Используйте формат YYYY-MM.',
  'This account is not available.': 'Этот счёт недоступен.',
  'You hold the most accounts one customer can.':
    'У вас уже открыто максимальное число счетов, доступное одному клиенту.',
  'These payment instructions are not available.': 'Эти платёжные реквизиты недоступны.',
  'Please sign in to continue.': 'Войдите, чтобы продолжить.',
  'fromCustomerId must be a customer id.': 'fromCustomerId должен быть идентификатором клиента.',
  "Enter the payer's name (up to {MAX_PAYER_NAME_LENGTH} characters).":
    'Введите имя плательщика (максимум символов: {MAX_PAYER_NAME_LENGTH}).',
  'Enter the reference (up to {MAX_REMITTANCE_LENGTH} characters).':
    'Введите назначение платежа (максимум символов: {MAX_REMITTANCE_LENGTH}).',
  'Bank transfers arrive in USD, EUR, GBP, CAD, AUD or RON.':
    'Банковские переводы поступают в USD, EUR, GBP, CAD, AUD или RON.',
  'The amount must be greater than zero and not too large.': 'Сумма должна быть больше нуля и не слишком большой.',
  'Up to {MAX_RAIL_REFERENCE_LENGTH} printable characters.':
    'Только печатные символы; максимум символов: {MAX_RAIL_REFERENCE_LENGTH}.',
  'This payment was reported before with other details.': 'Об этом платеже уже сообщали с другими данными.',
  'There is no statement for this month.': 'За этот месяц выписки нет.',
  'Customer not found.': 'Клиент не найден.',
  'Incorrect e-mail or password.': 'Неверный e-mail или пароль.',
  'Your account is not activated yet. Please follow the activation link we sent to your e-mail.':
    'Ваш аккаунт ещё не активирован. Перейдите по ссылке для активации, которую мы отправили на ваш e-mail.',
  'Your account is blocked. Please contact support.': 'Ваш аккаунт заблокирован. Обратитесь в службу поддержки.',
  'This device is not linked (any more). Link it again from the app.':
    'Это устройство не привязано (или больше не привязано). Привяжите его снова в приложении.',
  'This sign-in code is invalid or has expired. Please sign in again.':
    'Код для входа недействителен, или срок его действия истёк. Войдите снова.',
  'Too many incorrect codes. Please sign in again.': 'Слишком много неверных кодов. Войдите снова.',
  'Enter the 6-digit code.': 'Введите 6-значный код.',
  'This code has expired. Ask for a new one.': 'Срок действия кода истёк. Запросите новый.',
  'The code is incorrect. Attempts left: {attemptsLeft}.': 'Неверный код. Осталось попыток: {attemptsLeft}.',
  'This link has expired or was used. Show a new QR code on the website.':
    'Срок действия ссылки истёк, или она уже использована. Откройте на сайте новый QR-код.',
  "This device doesn't exist or isn't yours.": 'Такого устройства нет, или оно вам не принадлежит.',
  'You can link up to {MAX_DEVICES_PER_USER} devices. Remove one first.':
    'Максимальное число привязанных устройств — {MAX_DEVICES_PER_USER}. Сначала удалите одно из них.',
  'This device is already approved.': 'Это устройство уже подтверждено.',
  'This method is not available to you.': 'Этот способ вам недоступен.',
  'This approval has ended. Please start it again.': 'Это подтверждение завершено. Начните его заново.',
  'Start the approval with this method first.': 'Сначала начните подтверждение этим способом.',
  'The code is incorrect or has expired.': 'Код неверный, или срок его действия истёк.',
  'Too many incorrect codes. Please start the approval again.':
    'Слишком много неверных кодов. Начните подтверждение заново.',
  'This device is not waiting for your answer.': 'Это устройство не ожидает вашего ответа.',
  'Set up the authenticator app for sign-in first, then use it for approvals.':
    'Сначала настройте приложение-аутентификатор для входа, а затем используйте его для подтверждений.',
  'Enter the phone number the codes should go to.': 'Введите номер телефона, на который будут приходить коды.',
  'Link a mobile device first: push approvals go to it.':
    'Сначала привяжите мобильное устройство: push-запросы на подтверждение приходят на него.',
  'This change has ended. Please start again.': 'Это изменение завершено. Начните заново.',
  'The change was declined on your device.': 'Изменение отклонено на вашем устройстве.',
  'The code is incorrect.': 'Неверный код.',
  'This code has expired. Please start again.': 'Срок действия кода истёк. Начните заново.',
  'Too many incorrect codes. Please start again.': 'Слишком много неверных кодов. Начните заново.',
  'This change is not waiting for your answer.': 'Это изменение не ожидает вашего ответа.',
  'The new passwords do not match.': 'Новые пароли не совпадают.',
  'Choose a password different from the current one.': 'Выберите пароль, отличный от текущего.',
  'This password change has ended. Please start again.': 'Эта смена пароля завершена. Начните заново.',
  'Too many incorrect codes. Please start the password change again.':
    'Слишком много неверных кодов. Начните смену пароля заново.',
  'This sign-in has ended. Please sign in again.': 'Этот вход завершён. Войдите снова.',
  'This sign-in is not waiting for your answer.': 'Этот вход не ожидает вашего ответа.',
  'Enter your password again to change security settings.':
    'Введите пароль ещё раз, чтобы изменить настройки безопасности.',
  'Enter your password to continue.': 'Введите пароль, чтобы продолжить.',
  'Too many incorrect passwords. Please sign in again.': 'Слишком много неверных паролей. Войдите снова.',
  'The password is incorrect.': 'Неверный пароль.',
  'Enter the 6-digit code from your authenticator app.': 'Введите 6-значный код из приложения-аутентификатора.',
  'This set-up request has ended. Please start again.': 'Этот запрос на настройку завершён. Начните заново.',
  'The code is incorrect. Check the time on your phone.':
    'Неверный код. Проверьте, правильно ли установлено время на телефоне.',
  'Too many incorrect codes. Please start the set-up again.': 'Слишком много неверных кодов. Начните настройку заново.',
  'No code was sent for this request.': 'Для этого запроса код не отправлялся.',
  "This session doesn't exist or has ended.": 'Такого сеанса нет, или он завершён.',
  'Set up the authenticator app to continue.': 'Чтобы продолжить, настройте приложение-аутентификатор.',
  'No customer is linked to this sign-in.': 'Этот вход не даёт доступа ни к одному аккаунту.',
  'These terms are not waiting for your acceptance.': 'Принимать эти условия не требуется.',
  'This customer does not exist.': 'Такого клиента нет.',
  'Keep the payload under {MAX_LIVE_PAYLOAD_BYTES} bytes':
    'Объём данных в байтах должен быть меньше {MAX_LIVE_PAYLOAD_BYTES}',
  'Give exactly one of userId and customerId': 'Укажите ровно одно из полей: userId или customerId',
  'At most 400 days ahead.': 'Не более чем на 400 дней вперёд.',
  'This document does not exist.': 'Такого документа нет.',
  'This document has already been reviewed.': 'Этот документ уже проверен.',
  'A customer has at most 10 open limit reasons.': 'У клиента может быть не более 10 открытых причин ограничения.',
  'This customer is not limited.': 'У этого клиента нет ограничений.',
  'The data part is missing.': 'Отсутствует часть запроса с данными.',
  'The data part must be JSON.': 'Часть запроса с данными должна быть в формате JSON.',
  'Attach the document.': 'Приложите документ.',
  'Attach the document that proves the address.': 'Приложите документ, подтверждающий адрес.',
  'Each side can be uploaded once.': 'Каждую сторону можно загрузить только один раз.',
  'Upload both the front and the back of the document.': 'Загрузите лицевую и оборотную стороны документа.',
  'Upload the document.': 'Загрузите документ.',
  'Upload the front of the document.': 'Загрузите лицевую сторону документа.',
  'This document has expired.': 'Срок действия этого документа истёк.',
  'This document does not exist or is not yours.': 'Такого документа нет, или он вам не принадлежит.',
  'This limit reason does not exist or is resolved.': 'Такой причины ограничения нет, или она уже устранена.',
  'This reason does not ask for that document.': 'Для этой причины такой документ не требуется.',
  'Your due diligence does not ask for this document.': 'Для вашей комплексной проверки этот документ не требуется.',
  'A video identity session is already in progress.': 'Сеанс видеоидентификации уже идёт.',
  'This video identity session does not exist.': 'Такого сеанса видеоидентификации нет.',
  'This export is not available.': 'Этот экспорт недоступен.',
  'This export has expired. Please start a new one.': 'Срок действия экспорта истёк. Запустите новый.',
  'This export is still being prepared.': 'Экспорт ещё готовится.',
  'This page link is not valid; start from the first page.':
    'Ссылка на страницу недействительна. Начните с первой страницы.',
  'The amount must be greater than zero.': 'Сумма должна быть больше нуля.',
  'The amount is too large.': 'Сумма слишком большая.',
  'The amount must not be zero.': 'Сумма не должна быть нулевой.',
  'The source and destination accounts are the same.': 'Счёт списания и счёт зачисления совпадают.',
  'The amount is more than was reserved.': 'Сумма больше зарезервированной.',
  'The credits must be positive, to other accounts, and add up to the amount.':
    'Зачисления должны быть положительными, на другие счета и в сумме равняться сумме платежа.',
  'This payment was already completed.': 'Этот платёж уже выполнен.',
  'This payment was already cancelled.': 'Этот платёж уже отменён.',
  'This payment reservation has expired.': 'Срок резервирования средств для этого платежа истёк.',
  'Insufficient funds.': 'Недостаточно средств.',
  'The account holds {expected}.': 'Валюта этого счёта — {expected}.',
  'Account not found.': 'Счёт не найден.',
  'This account is closed.': 'Этот счёт закрыт.',
  'An account can be closed only with a zero balance and no pending payments.':
    'Закрыть счёт можно только при нулевом остатке и без платежей в обработке.',
  'Payment not found.': 'Платёж не найден.',
  'Transaction not found.': 'Операция не найдена.',
  'This transaction was already reversed.': 'Эта операция уже сторнирована.',
  'The money arrives at once and the payee is told right away. Transfers to other banks keep their usual fees.':
    'Деньги поступают сразу, а получатель тут же получает уведомление. Для переводов в другие банки действуют обычные комиссии.',
  'Please accept the new fee schedule, or decline it and our team will contact you about your options.':
    'Примите новые тарифы или отклоните их — тогда наша команда свяжется с вами, чтобы обсудить варианты.',
  'Announcement not found.': 'Объявление не найдено.',
  'This announcement needs no answer.': 'На это объявление не нужно отвечать.',
  'This announcement was already answered.': 'Вы уже ответили на это объявление.',
  'You can keep at most {MAX_EMAILS} e-mails.': 'Максимальное число адресов e-mail — {MAX_EMAILS}.',
  'You already added this e-mail.': 'Вы уже добавили этот e-mail.',
  'This e-mail does not exist or is not yours.': 'Такого адреса e-mail нет, или он вам не принадлежит.',
  'This e-mail is already confirmed.': 'Этот e-mail уже подтверждён.',
  'Too many wrong codes. Ask for a new one.': 'Слишком много неверных кодов. Запросите новый.',
  'The code is not right.': 'Код неверный.',
  'Make another e-mail primary before deleting this one.':
    'Прежде чем удалить этот адрес, сделайте основным другой e-mail.',
  'Confirm this e-mail first.': 'Сначала подтвердите этот e-mail.',
  'You already sign in with this e-mail.': 'Вы уже входите с этим e-mail.',
  'Another account uses this e-mail.': 'Этот e-mail уже используется в другом аккаунте.',
  'This request does not exist or is not yours.': 'Такого запроса нет, или он вам не принадлежит.',
  'This request is no longer open. Start a new one.': 'Этот запрос уже закрыт. Создайте новый.',
  'This code has expired. Start a new request.': 'Срок действия кода истёк. Создайте новый запрос.',
  'Too many wrong codes. Start a new request.': 'Слишком много неверных кодов. Создайте новый запрос.',
  'Another account took this e-mail meanwhile.': 'Тем временем этот e-mail занял другой аккаунт.',
  'This is not a valid mobile number.': 'Это некорректный номер мобильного телефона.',
  'You can keep at most {MAX_PHONES} phones.': 'Максимальное число телефонов — {MAX_PHONES}.',
  'You already added this number.': 'Вы уже добавили этот номер.',
  'This phone does not exist or is not yours.': 'Такого телефона нет, или он вам не принадлежит.',
  'Confirm this phone first, or add a new one.': 'Сначала подтвердите этот телефон или добавьте новый.',
  'This phone is already confirmed.': 'Этот телефон уже подтверждён.',
  'Ask for a new code first.': 'Сначала запросите новый код.',
  'Confirm this phone first.': 'Сначала подтвердите этот телефон.',
  'The data part is not JSON.': 'Часть запроса с данными не в формате JSON.',
  'Each part can hold one file.': 'В каждой части может быть только один файл.',
  'This address does not exist or is not yours.': 'Такого адреса нет, или он вам не принадлежит.',
  'Finish or delete the addresses in draft first.': 'Сначала завершите или удалите черновики адресов.',
  'You already have this address. Replace it instead.': 'У вас уже есть такой адрес. Вместо добавления замените его.',
  'You have a new address in draft. Confirm or delete it first.':
    'У вас есть черновик нового адреса. Сначала подтвердите или удалите его.',
  'Only an address in use can be replaced.': 'Заменить можно только действующий адрес.',
  'A replacement is the same kind of address.': 'Новый адрес должен быть того же вида, что и заменяемый.',
  'The documents of this address are already under review or confirmed.':
    'Документы этого адреса уже на проверке или подтверждены.',
  'This address is no longer in use.': 'Этот адрес больше не используется.',
  'Choose the relationship document type.': 'Выберите тип документа о родстве.',
  'This address was already confirmed.': 'Этот адрес уже подтверждён.',
  'Upload the document that proves the address first.': 'Сначала загрузите документ, подтверждающий адрес.',
  'The address this replaces is no longer in use. Start again.':
    'Заменяемый адрес больше не используется. Начните заново.',
  'Your home address can be replaced, not deleted.': 'Домашний адрес можно заменить, но не удалить.',
  'This code is not right. Check the latest activation e-mail.':
    'Код неверный. Проверьте последнее письмо об активации.',
  'This code is not right. Tries left: {attemptsLeft}.': 'Код неверный. Осталось попыток: {attemptsLeft}.',
  'Too many wrong codes. Request a new code.': 'Слишком много неверных кодов. Запросите новый код.',
  'This code has expired. Request a new code.': 'Срок действия кода истёк. Запросите новый код.',
  'This account is already active. Sign in.': 'Этот аккаунт уже активирован. Войдите.',
  'This invitation asks for your name and a password: open the link in the invitation e-mail.':
    'Для этого приглашения нужно указать имя и пароль: откройте ссылку из письма с приглашением.',
  'This code does not belong to an invitation. Activate the account on the activation page.':
    'Этот код не относится к приглашению. Активируйте аккаунт на странице активации.',
  'This password reset has expired. Please start again.': 'Срок действия сброса пароля истёк. Начните заново.',
  'Registration is not available here. Please contact support.':
    'Регистрация здесь недоступна. Обратитесь в службу поддержки.',
  'Choose one of the types offered.': 'Выберите один из предложенных вариантов.',
  'Enter a valid phone number, with the country code if it is not from the country you chose.':
    'Введите действующий номер телефона, с кодом страны, если номер не из выбранной вами страны.',
  'An account with this e-mail address already exists. Sign in, or reset your password.':
    'Аккаунт с этим адресом электронной почты уже существует. Войдите или сбросьте пароль.',
  'An account with this phone number already exists.': 'Аккаунт с этим номером телефона уже существует.',
  'The terms have changed since this page was opened. Please read and accept them again.':
    'Условия изменились с момента открытия этой страницы. Прочитайте и примите их ещё раз.',
  'The blacklist holds at most {MAX_BLACKLIST_ENTRIES} e-mails. Remove one first.':
    'Максимальное число адресов в чёрном списке — {MAX_BLACKLIST_ENTRIES}. Сначала удалите один из них.',
  'This e-mail is not on your blacklist.': 'Этого e-mail нет в вашем чёрном списке.',
  'Access from your IP address is not allowed for this account.':
    'Доступ к этому аккаунту с вашего IP-адреса запрещён.',
  'Enter an IPv4 address such as 203.0.113.5 or an IPv6 address.':
    'Введите адрес IPv4, например 203.0.113.5, или адрес IPv6.',
  'Both ends of a range must be IPv4, or both IPv6.': 'Оба конца диапазона должны быть IPv4 или оба — IPv6.',
  'The end of the range must not come before its start.': 'Конец диапазона не может быть раньше его начала.',
  'After the slash, give the network prefix length: 0 to 32 for IPv4, 0 to 128 for IPv6.':
    'После косой черты укажите длину префикса сети: от 0 до 32 для IPv4, от 0 до 128 для IPv6.',
  'A network such as 203.0.113.0/24 is a range already: leave the end empty.':
    'Сеть вида 203.0.113.0/24 уже является диапазоном: оставьте последний адрес диапазона пустым.',
  'This change would block the IP address you are using now. Confirm it if you mean to lose access from here.':
    'Это изменение заблокирует IP-адрес, который вы используете сейчас. Подтвердите его, если готовы потерять доступ отсюда.',
  'The list holds at most {MAX_IP_ALLOW_LIST_ENTRIES} entries. Remove one first.':
    'Максимальное число записей в списке — {MAX_IP_ALLOW_LIST_ENTRIES}. Сначала удалите одну из них.',
  'Security messages are always sent: they cannot be switched off.':
    'Сообщения о безопасности отправляются всегда: их нельзя отключить.',
  'Choose the customer to act for first.': 'Сначала выберите аккаунт, в котором хотите работать.',
  'This sign-in request does not exist or has already been answered.':
    'Такого запроса на вход нет, или на него уже ответили.',
  'This application is not registered for sign-in.': 'Это приложение не зарегистрировано для входа.',
  'This return address is not registered for the application.':
    'Этот адрес возврата не зарегистрирован для приложения.',
  'The application may not ask for this.': 'Приложению не разрешено это запрашивать.',
  'This sign-in request belongs to another user.': 'Этот запрос на вход относится к другому пользователю.',
  'Client authentication failed.': 'Не удалось проверить подлинность клиентского приложения.',
  'The code is not valid, has expired or was already used.':
    'Код недействителен, срок его действия истёк, или он уже использован.',
  'Send the approving user’s e-mail.': 'Укажите e-mail пользователя, который подтверждает операцию.',
  'This approval belongs to another user.': 'Это подтверждение относится к другому пользователю.',
  'No exchange rate for this currency.': 'Для этой валюты нет курса обмена.',
  'This currency is not supported.': 'Эта валюта не поддерживается.',
  'The value is below the smallest representable one.': 'Значение меньше минимально представимого.',
  'Transfers to other customers cannot be made in {currency}.':
    'Переводы другим клиентам в валюте {currency} невозможны.',
  'Choose how often the transfer repeats.': 'Выберите, как часто повторять перевод.',
  'Choose an end date, a number of transfers, or to repeat until you cancel.':
    'Выберите дату окончания, число переводов или повтор до отмены.',
  'The end date must be on or after the second transfer, {secondRun}.':
    'Дата окончания должна быть не раньше второго перевода ({secondRun}).',
  'This pre-approved payment is not available.': 'Этот регулярный платёж недоступен.',
  'This transfer is not waiting for approval.': 'Этот перевод не ожидает подтверждения.',
  'This transfer is not available.': 'Этот перевод недоступен.',
  'This transfer is already completed.': 'Этот перевод уже выполнен.',
  'The time to approve this transfer ran out. The funds were released.':
    'Время на подтверждение перевода истекло. Зарезервированные средства снова доступны.',
  'Too many incorrect codes. The transfer was rejected and the funds released.':
    'Слишком много неверных кодов. Перевод отклонён, зарезервированные средства снова доступны.',
  'This transfer was rejected. The funds were released.':
    'Этот перевод отклонён. Зарезервированные средства снова доступны.',
  'Only the user who made this transfer can approve it.':
    'Подтвердить этот перевод может только пользователь, который его создал.',
  'Approve this transfer in the mobile app on your linked device.':
    'Подтвердите этот перевод в мобильном приложении на привязанном устройстве.',
  'This transfer is not waiting for your answer.': 'Этот перевод не ожидает вашего ответа.',
  'Nothing is sent for this approval: use the code in your authenticator app.':
    'Для этого подтверждения ничего не отправляется: используйте код из приложения-аутентификатора.',
  'The smallest amount is {smallest} {currency}.': 'Минимальная сумма — {smallest} {currency}.',
  'The most you can send in one transfer is {most} {currency}.':
    'Максимальная сумма одного перевода — {most} {currency}.',
  'This would pass your daily limit of {dailyLimit} {currency}.':
    'Это превысит ваш дневной лимит: {dailyLimit} {currency}.',
  'The amount is too small to convert.': 'Сумма слишком мала для обмена.',
  'Choose two different accounts.': 'Выберите два разных счёта.',
  'The amount must be in {from_currency} or {to_currency}.':
    'Сумма должна быть указана в {from_currency} или {to_currency}.',
  'No customer signs in with this e-mail.': 'Нет клиента с таким e-mail.',
  'This is your own e-mail. Use a transfer between your accounts instead.':
    'Это ваш собственный e-mail. Вместо этого сделайте перевод между своими счетами.',
  'Transfers between you and this customer are blocked by a payout blacklist.':
    'Переводы между вами и этим клиентом заблокированы чёрным списком выплат.',
  'This template is not available.': 'Этот шаблон недоступен.',
  'Your access to this company does not allow sending money.':
    'Ваш доступ к этой компании не позволяет отправлять деньги.',
  'You can keep up to {MAX_TRANSFER_TEMPLATES} templates. Delete one first.':
    'Максимальное число шаблонов — {MAX_TRANSFER_TEMPLATES}. Сначала удалите один из них.',
  'Due diligence asks nothing of this customer.': 'Для этого клиента комплексная проверка ничего не требует.',
  'Only a personal customer updates personal info.': 'Личные данные может обновлять только частный клиент.',
  'Business customers verify through business KYC.': 'Бизнес-клиенты проходят отдельную проверку для бизнеса (KYC).',
  'Upload your identity document.': 'Загрузите документ, удостоверяющий личность.',
  'Upload a proof of address.': 'Загрузите подтверждение адреса.',
  'Please check the highlighted fields.': 'Проверьте выделенные поля.',
  'Invalid parameters.': 'Недопустимые параметры.',
  'Your session has expired. Please sign in again.': 'Ваш сеанс завершён. Войдите снова.',
  "You don't have access to this.": 'У вас нет к этому доступа.',
  'Please accept the updated terms to continue.': 'Чтобы продолжить, примите обновлённые условия.',
  'Too many attempts. Please wait and try again.': 'Слишком много попыток. Подождите и попробуйте снова.',
  'This request key was already used with different details.': 'Этот ключ запроса уже использовался с другими данными.',
  'The request key must be 1 to {MAX_IDEMPOTENCY_KEY_LENGTH} printable characters without spaces.':
    'Ключ запроса: печатные символы без пробелов, длина от 1 до {MAX_IDEMPOTENCY_KEY_LENGTH}.',
  'The request body must be a JSON object.': 'Тело запроса должно быть объектом JSON.',
  'The method is missing or does not match the query.':
    'Метод не указан или не совпадает с указанным в адресе запроса.',
  'Unknown method {methodName}.': 'Неизвестный метод {methodName}.',
  'This action cannot be taken for another customer.': 'Это действие нельзя выполнить для другого клиента.',
  'The file is larger than {megabytes} MB.': 'Файл больше {megabytes} МБ.',
  'Upload a PDF, JPEG, PNG or HEIC file.': 'Загрузите файл PDF, JPEG, PNG или HEIC.',
  'The file is empty.': 'Файл пуст.',
  'Send the files as multipart/form-data.': 'Отправьте файлы в формате multipart/form-data.',
  'Unexpected file field {field}.': 'Непредусмотренное поле файла: {field}.',
  'At most {maxFiles} files at once.': 'Максимум файлов за раз: {maxFiles}.',
  'The upload is not valid.': 'Некорректная загрузка файла.',
  'Not found': 'Не найдено',
  'Use the yyyy-mm-dd format': 'Используйте формат yyyy-mm-dd',
  'Letters, digits and dots only': 'Только буквы, цифры и точки',
  'The start date must not be after the end date': 'Дата начала не может быть позже даты окончания',
  'Code challenge must be 43 to 128 characters of letters, digits, "-", ".", "_" or "~"':
    'Контрольное значение кода PKCE должно содержать от 43 до 128 символов: буквы, цифры, «-», «.», «_» или «~»',
  'Code verifier must be 43 to 128 unreserved characters':
    'Проверочное значение кода PKCE должно содержать от 43 до 128 незарезервированных символов',
  'Enter the 6-digit code': 'Введите 6-значный код',
  'A two-letter country code': 'Двухбуквенный код страны',
  'Enter an amount such as 10.50.': 'Введите сумму, например 10.50.',
  'The end date is before the start date.': 'Дата окончания раньше даты начала.',
  'The maximum is below the minimum.': 'Максимум меньше минимума.',
  'Each language once': 'Каждый язык только один раз',
  'Give the ids, or all: true': 'Укажите ids или all: true',
  'Enter the address.': 'Введите адрес.',
  'Enter the city.': 'Введите город.',
  'Enter the postal code.': 'Введите почтовый индекс.',
  'Letters, digits, spaces and dashes only.': 'Только буквы, цифры, пробелы и дефисы.',
  'The country code is digits only, without +.': 'Код страны — только цифры, без +.',
  'Enter the number in digits.': 'Введите номер цифрами.',
  'Not a PKCE challenge.': 'Это не контрольное значение PKCE.',
  'Enter the code from the SMS.': 'Введите код из SMS.',
  'Not a PKCE verifier.': 'Это не проверочное значение PKCE.',
  'Send the code with its verifier, or the reqId with the approval code.':
    'Отправьте код вместе с его проверочным значением или reqId вместе с кодом подтверждения.',
  'Enter the code from the e-mail.': 'Введите код из письма.',
  'Enter the tax number.': 'Введите налоговый номер.',
  'Letters, digits, dots, slashes and dashes only.': 'Только буквы, цифры, точки, косые черты и дефисы.',
  'Enter a name.': 'Введите имя.',
  'Accept the terms to continue.': 'Чтобы продолжить, примите условия.',
  'Enter your e-mail address.': 'Введите адрес электронной почты.',
  'The passwords do not match.': 'Пароли не совпадают.',
  'This reset link is not valid.': 'Эта ссылка для сброса пароля недействительна.',
  'Enter the number with its country code, e.g. +44 7700 900123.':
    'Введите номер с кодом страны, например +44 7700 900123.',
  'Send either mode or typeMode.': 'Укажите либо mode, либо typeMode.',
  'Your password has been successfully updated. Please link your mobile device again to keep approving with it.':
    'Ваш пароль успешно обновлён. Привяжите мобильное устройство заново, чтобы и дальше подтверждать операции с его помощью.',
  'Use the format YYYY-MM-DD.': 'Используйте формат YYYY-MM-DD.',
  'The start date must not be after the end date.': 'Дата начала не может быть позже даты окончания.',
  'Enter an IP address.': 'Введите IP-адрес.',
  'This is not an IP address.': 'Это не IP-адрес.',
  'Choose a block type.': 'Выберите тип блокировки.',
  'The user with the e-mail has been added to the black list.': 'Пользователь с этим e-mail добавлен в чёрный список.',
  'Unknown notification setting.': 'Неизвестная настройка уведомлений.',
  'Unknown client.': 'Неизвестное клиентское приложение.',
  'Scopes are {scopes}.': 'Допустимые области доступа: {scopes}.',
  'The request key must be 1 to 128 printable characters without spaces.':
    'Ключ запроса должен содержать от 1 до 128 печатных символов без пробелов.',
  'Enter an amount such as 12.34.': 'Введите сумму, например 12.34.',
  'Enter a date as YYYY-MM-DD.': 'Введите дату в формате YYYY-MM-DD.',
  'You must be at least 18.': 'Вам должно быть не меньше 18 лет.',
  'Check the year of birth.': 'Проверьте год рождения.',
  'Say why the document is rejected.': 'Укажите, почему документ отклонён.',
  'Say why.': 'Укажите причину.',
  'Each document once.': 'Каждый документ только один раз.',
  'Use at least {MIN_PASSWORD_LENGTH} characters.': 'Минимальная длина пароля в символах: {MIN_PASSWORD_LENGTH}.',
  'Use at most {MAX_PASSWORD_LENGTH} characters.': 'Максимальная длина пароля в символах: {MAX_PASSWORD_LENGTH}.',
  'This password is too common or appeared in a data breach. Choose another one.':
    'Этот пароль слишком распространён или попадал в утечки данных. Выберите другой.',
  'Do not build the password from your e-mail address or your name.':
    'Не составляйте пароль из адреса электронной почты или своего имени.',
  'Keyboard patterns are easy to guess. Choose another password.':
    'Сочетания соседних клавиш легко угадать. Выберите другой пароль.',
  'Repeated characters and sequences are easy to guess. Choose another password.':
    'Повторы и последовательности символов легко угадать. Выберите другой пароль.',
  'Dates and years are easy to guess. Choose another password.': 'Даты и годы легко угадать. Выберите другой пароль.',
  'This password is too easy to guess. Add more words or characters.':
    'Этот пароль слишком легко угадать. Добавьте ещё слов или символов.',
  'Enter a valid phone number with its country code, e.g. +44 7700 900123.':
    'Введите действительный номер телефона с кодом страны, например +44 7700 900123.',
};
