import type { TextCatalogue } from './localize';

/** The server's texts in Spanish, keyed by their English text (see ./localize.ts). */
export const es: TextCatalogue = {
  'Choose a customer to act for.': 'Elija el cliente en cuyo nombre quiere actuar.',
  'Use YYYY-MM.': 'Use el formato YYYY-MM.',
  'This account is not available.': 'Esta cuenta no está disponible.',
  'You hold the most accounts one customer can.': 'Ya tiene el número máximo de cuentas que puede tener un cliente.',
  'These payment instructions are not available.': 'Estas instrucciones de pago no están disponibles.',
  'Please sign in to continue.': 'Inicie sesión para continuar.',
  'fromCustomerId must be a customer id.': 'fromCustomerId debe ser un identificador de cliente.',
  "Enter the payer's name (up to {MAX_PAYER_NAME_LENGTH} characters).":
    'Introduzca el nombre del ordenante (número máximo de caracteres: {MAX_PAYER_NAME_LENGTH}).',
  'Enter the reference (up to {MAX_REMITTANCE_LENGTH} characters).':
    'Introduzca la referencia (número máximo de caracteres: {MAX_REMITTANCE_LENGTH}).',
  'Bank transfers arrive in USD, EUR, GBP, CAD, AUD or RON.':
    'Las transferencias bancarias llegan en USD, EUR, GBP, CAD, AUD o RON.',
  'The amount must be greater than zero and not too large.': 'El importe debe ser mayor que cero y no demasiado alto.',
  'Up to {MAX_RAIL_REFERENCE_LENGTH} printable characters.':
    'Solo caracteres imprimibles, como máximo {MAX_RAIL_REFERENCE_LENGTH}.',
  'This payment was reported before with other details.': 'Este pago ya se notificó antes con otros datos.',
  'There is no statement for this month.': 'No hay extracto para este mes.',
  'Customer not found.': 'No se ha encontrado el cliente.',
  'Incorrect e-mail or password.': 'Correo electrónico o contraseña incorrectos.',
  'Your account is not activated yet. Please follow the activation link we sent to your e-mail.':
    'Su cuenta aún no está activada. Siga el enlace de activación que le enviamos por correo electrónico.',
  'Your account is blocked. Please contact support.':
    'Su cuenta está bloqueada. Póngase en contacto con el servicio de atención.',
  'This device is not linked (any more). Link it again from the app.':
    'Este dispositivo no está vinculado (o ya no lo está). Vuelva a vincularlo desde la aplicación.',
  'This sign-in code is invalid or has expired. Please sign in again.':
    'Este código de inicio de sesión no es válido o ha caducado. Vuelva a iniciar sesión.',
  'Too many incorrect codes. Please sign in again.': 'Demasiados códigos incorrectos. Vuelva a iniciar sesión.',
  'Enter the 6-digit code.': 'Introduzca el código de 6 dígitos.',
  'This code has expired. Ask for a new one.': 'Este código ha caducado. Pida uno nuevo.',
  'The code is incorrect. Attempts left: {attemptsLeft}.':
    'El código no es correcto. Intentos restantes: {attemptsLeft}.',
  'This link has expired or was used. Show a new QR code on the website.':
    'Este enlace ha caducado o ya se ha usado. Muestre un código QR nuevo en el sitio web.',
  "This device doesn't exist or isn't yours.": 'Este dispositivo no existe o no es suyo.',
  'You can link up to {MAX_DEVICES_PER_USER} devices. Remove one first.':
    'El número máximo de dispositivos vinculados es {MAX_DEVICES_PER_USER}. Elimine uno primero.',
  'This device is already approved.': 'Este dispositivo ya está aprobado.',
  'This method is not available to you.': 'Este método no está disponible para usted.',
  'This approval has ended. Please start it again.': 'Esta aprobación ha terminado. Vuelva a iniciarla.',
  'Start the approval with this method first.': 'Inicie primero la aprobación con este método.',
  'The code is incorrect or has expired.': 'El código no es correcto o ha caducado.',
  'Too many incorrect codes. Please start the approval again.':
    'Demasiados códigos incorrectos. Vuelva a iniciar la aprobación.',
  'This device is not waiting for your answer.': 'Este dispositivo no está esperando su respuesta.',
  'Set up the authenticator app for sign-in first, then use it for approvals.':
    'Configure primero la aplicación de autenticación para iniciar sesión y después úsela para las aprobaciones.',
  'Enter the phone number the codes should go to.':
    'Introduzca el número de teléfono al que deben enviarse los códigos.',
  'Link a mobile device first: push approvals go to it.':
    'Vincule primero un dispositivo móvil: las aprobaciones por notificación se envían a él.',
  'This change has ended. Please start again.': 'Este cambio ha terminado. Vuelva a empezar.',
  'The change was declined on your device.': 'El cambio se rechazó en su dispositivo.',
  'The code is incorrect.': 'El código no es correcto.',
  'This code has expired. Please start again.': 'Este código ha caducado. Vuelva a empezar.',
  'Too many incorrect codes. Please start again.': 'Demasiados códigos incorrectos. Vuelva a empezar.',
  'This change is not waiting for your answer.': 'Este cambio no está esperando su respuesta.',
  'The new passwords do not match.': 'Las contraseñas nuevas no coinciden.',
  'Choose a password different from the current one.': 'Elija una contraseña distinta de la actual.',
  'This password change has ended. Please start again.': 'Este cambio de contraseña ha terminado. Vuelva a empezar.',
  'Too many incorrect codes. Please start the password change again.':
    'Demasiados códigos incorrectos. Vuelva a iniciar el cambio de contraseña.',
  'This sign-in has ended. Please sign in again.': 'Este inicio de sesión ha terminado. Vuelva a iniciar sesión.',
  'This sign-in is not waiting for your answer.': 'Este inicio de sesión no está esperando su respuesta.',
  'Enter your password again to change security settings.':
    'Vuelva a introducir su contraseña para cambiar la configuración de seguridad.',
  'Enter your password to continue.': 'Introduzca su contraseña para continuar.',
  'Too many incorrect passwords. Please sign in again.': 'Demasiadas contraseñas incorrectas. Vuelva a iniciar sesión.',
  'The password is incorrect.': 'La contraseña no es correcta.',
  'Enter the 6-digit code from your authenticator app.':
    'Introduzca el código de 6 dígitos de su aplicación de autenticación.',
  'This set-up request has ended. Please start again.':
    'Esta solicitud de configuración ha terminado. Vuelva a empezar.',
  'The code is incorrect. Check the time on your phone.': 'El código no es correcto. Compruebe la hora de su teléfono.',
  'Too many incorrect codes. Please start the set-up again.':
    'Demasiados códigos incorrectos. Vuelva a empezar la configuración.',
  'No code was sent for this request.': 'No se ha enviado ningún código para esta solicitud.',
  "This session doesn't exist or has ended.": 'Esta sesión no existe o ha terminado.',
  'Set up the authenticator app to continue.': 'Configure la aplicación de autenticación para continuar.',
  'No customer is linked to this sign-in.': 'No hay ningún cliente vinculado a este inicio de sesión.',
  'These terms are not waiting for your acceptance.': 'Estas condiciones no están pendientes de su aceptación.',
  'This customer does not exist.': 'Este cliente no existe.',
  'Keep the payload under {MAX_LIVE_PAYLOAD_BYTES} bytes':
    'El contenido debe ocupar menos de {MAX_LIVE_PAYLOAD_BYTES} bytes',
  'Give exactly one of userId and customerId': 'Indique exactamente uno de userId y customerId',
  'At most 400 days ahead.': 'Como máximo, 400 días en el futuro.',
  'This document does not exist.': 'Este documento no existe.',
  'This document has already been reviewed.': 'Este documento ya se ha revisado.',
  'A customer has at most 10 open limit reasons.':
    'Un cliente puede tener como máximo 10 motivos de limitación abiertos.',
  'This customer is not limited.': 'Este cliente no está limitado.',
  'The data part is missing.': 'Falta la parte de datos.',
  'The data part must be JSON.': 'La parte de datos debe estar en JSON.',
  'Attach the document.': 'Adjunte el documento.',
  'Attach the document that proves the address.': 'Adjunte el documento que acredita la dirección.',
  'Each side can be uploaded once.': 'Cada cara solo se puede subir una vez.',
  'Upload both the front and the back of the document.': 'Suba el anverso y el reverso del documento.',
  'Upload the document.': 'Suba el documento.',
  'Upload the front of the document.': 'Suba el anverso del documento.',
  'This document has expired.': 'Este documento ha caducado.',
  'This document does not exist or is not yours.': 'Este documento no existe o no es suyo.',
  'This limit reason does not exist or is resolved.': 'Este motivo de limitación no existe o ya está resuelto.',
  'This reason does not ask for that document.': 'Este motivo no requiere ese documento.',
  'Your due diligence does not ask for this document.': 'Su proceso de diligencia debida no requiere este documento.',
  'A video identity session is already in progress.': 'Ya hay una sesión de identificación por vídeo en curso.',
  'This video identity session does not exist.': 'Esta sesión de identificación por vídeo no existe.',
  'This export is not available.': 'Esta exportación no está disponible.',
  'This export has expired. Please start a new one.': 'Esta exportación ha caducado. Inicie una nueva.',
  'This export is still being prepared.': 'Esta exportación todavía se está preparando.',
  'This page link is not valid; start from the first page.':
    'Este enlace de página no es válido; empiece desde la primera página.',
  'The amount must be greater than zero.': 'El importe debe ser mayor que cero.',
  'The amount is too large.': 'El importe es demasiado alto.',
  'The amount must not be zero.': 'El importe no puede ser cero.',
  'The source and destination accounts are the same.': 'La cuenta de origen y la de destino son la misma.',
  'The amount is more than was reserved.': 'El importe supera lo reservado.',
  'The credits must be positive, to other accounts, and add up to the amount.':
    'Los abonos deben ser positivos, ir a otras cuentas y sumar el importe.',
  'This payment was already completed.': 'Este pago ya se completó.',
  'This payment was already cancelled.': 'Este pago ya se canceló.',
  'This payment reservation has expired.': 'La reserva de este pago ha caducado.',
  'Insufficient funds.': 'Fondos insuficientes.',
  'The account holds {expected}.': 'La divisa de la cuenta es {expected}.',
  'Account not found.': 'No se ha encontrado la cuenta.',
  'This account is closed.': 'Esta cuenta está cerrada.',
  'An account can be closed only with a zero balance and no pending payments.':
    'Una cuenta solo se puede cerrar con saldo cero y sin pagos pendientes.',
  'Payment not found.': 'No se ha encontrado el pago.',
  'Transaction not found.': 'No se ha encontrado la operación.',
  'This transaction was already reversed.': 'Esta operación ya se anuló.',
  'The money arrives at once and the payee is told right away. Transfers to other banks keep their usual fees.':
    'El dinero llega al instante y el destinatario recibe el aviso de inmediato. Las transferencias a otros bancos mantienen sus comisiones habituales.',
  'Please accept the new fee schedule, or decline it and our team will contact you about your options.':
    'Acepte las nuevas tarifas de comisiones o rechácelas, y nuestro equipo se pondrá en contacto con usted para explicarle sus opciones.',
  'Announcement not found.': 'No se ha encontrado el anuncio.',
  'This announcement needs no answer.': 'Este anuncio no requiere respuesta.',
  'This announcement was already answered.': 'Ya se ha respondido a este anuncio.',
  'You can keep at most {MAX_EMAILS} e-mails.': 'El número máximo de correos electrónicos es {MAX_EMAILS}.',
  'You already added this e-mail.': 'Ya ha añadido este correo electrónico.',
  'This e-mail does not exist or is not yours.': 'Este correo electrónico no existe o no es suyo.',
  'This e-mail is already confirmed.': 'Este correo electrónico ya está confirmado.',
  'Too many wrong codes. Ask for a new one.': 'Demasiados códigos incorrectos. Pida uno nuevo.',
  'The code is not right.': 'El código no es correcto.',
  'Make another e-mail primary before deleting this one.':
    'Haga principal otro correo electrónico antes de eliminar este.',
  'Confirm this e-mail first.': 'Confirme primero este correo electrónico.',
  'You already sign in with this e-mail.': 'Ya inicia sesión con este correo electrónico.',
  'Another account uses this e-mail.': 'Otra cuenta usa este correo electrónico.',
  'This request does not exist or is not yours.': 'Esta solicitud no existe o no es suya.',
  'This request is no longer open. Start a new one.': 'Esta solicitud ya no está abierta. Inicie una nueva.',
  'This code has expired. Start a new request.': 'Este código ha caducado. Inicie una nueva solicitud.',
  'Too many wrong codes. Start a new request.': 'Demasiados códigos incorrectos. Inicie una nueva solicitud.',
  'Another account took this e-mail meanwhile.':
    'Mientras tanto, otra cuenta ha empezado a usar este correo electrónico.',
  'This is not a valid mobile number.': 'Este no es un número de móvil válido.',
  'You can keep at most {MAX_PHONES} phones.': 'El número máximo de teléfonos es {MAX_PHONES}.',
  'You already added this number.': 'Ya ha añadido este número.',
  'This phone does not exist or is not yours.': 'Este teléfono no existe o no es suyo.',
  'Confirm this phone first, or add a new one.': 'Confirme primero este teléfono o añada uno nuevo.',
  'This phone is already confirmed.': 'Este teléfono ya está confirmado.',
  'Ask for a new code first.': 'Pida primero un código nuevo.',
  'Confirm this phone first.': 'Confirme primero este teléfono.',
  'The data part is not JSON.': 'La parte de datos no está en JSON.',
  'Each part can hold one file.': 'Cada parte solo puede contener un archivo.',
  'This address does not exist or is not yours.': 'Esta dirección no existe o no es suya.',
  'Finish or delete the addresses in draft first.': 'Termine o elimine primero las direcciones en borrador.',
  'You already have this address. Replace it instead.':
    'Ya tiene una dirección de este tipo. Sustitúyala en lugar de añadir otra.',
  'You have a new address in draft. Confirm or delete it first.':
    'Tiene una dirección nueva en borrador. Confírmela o elimínela primero.',
  'Only an address in use can be replaced.': 'Solo se puede sustituir una dirección en uso.',
  'A replacement is the same kind of address.': 'La dirección que la sustituye debe ser del mismo tipo.',
  'The documents of this address are already under review or confirmed.':
    'Los documentos de esta dirección ya están en revisión o confirmados.',
  'This address is no longer in use.': 'Esta dirección ya no está en uso.',
  'Choose the relationship document type.': 'Elija el tipo de justificante de parentesco.',
  'This address was already confirmed.': 'Esta dirección ya se ha confirmado.',
  'Upload the document that proves the address first.': 'Suba primero el documento que acredita la dirección.',
  'The address this replaces is no longer in use. Start again.':
    'La dirección que esta sustituye ya no está en uso. Vuelva a empezar.',
  'Your home address can be replaced, not deleted.': 'Su domicilio se puede sustituir, pero no eliminar.',
  'This code is not right. Check the latest activation e-mail.':
    'Este código no es correcto. Revise el último correo de activación.',
  'This code is not right. Tries left: {attemptsLeft}.':
    'Este código no es correcto. Intentos restantes: {attemptsLeft}.',
  'Too many wrong codes. Request a new code.': 'Demasiados códigos incorrectos. Solicite un código nuevo.',
  'This code has expired. Request a new code.': 'Este código ha caducado. Solicite un código nuevo.',
  'This account is already active. Sign in.': 'Esta cuenta ya está activa. Inicie sesión.',
  'This invitation asks for your name and a password: open the link in the invitation e-mail.':
    'Esta invitación requiere su nombre y una contraseña: abra el enlace del correo de invitación.',
  'This code does not belong to an invitation. Activate the account on the activation page.':
    'Este código no corresponde a una invitación. Active la cuenta en la página de activación.',
  'This password reset has expired. Please start again.':
    'Este restablecimiento de contraseña ha caducado. Vuelva a empezar.',
  'Registration is not available here. Please contact support.':
    'El registro no está disponible aquí. Póngase en contacto con el servicio de atención.',
  'Choose one of the types offered.': 'Elija uno de los tipos ofrecidos.',
  'Enter a valid phone number, with the country code if it is not from the country you chose.':
    'Introduzca un número de teléfono válido, con el prefijo del país si no es del país que eligió.',
  'An account with this e-mail address already exists. Sign in, or reset your password.':
    'Ya existe una cuenta con esta dirección de correo electrónico. Inicie sesión o restablezca su contraseña.',
  'An account with this phone number already exists.': 'Ya existe una cuenta con este número de teléfono.',
  'The terms have changed since this page was opened. Please read and accept them again.':
    'Las condiciones han cambiado desde que se abrió esta página. Léalas y acéptelas de nuevo.',
  'The blacklist holds at most {MAX_BLACKLIST_ENTRIES} e-mails. Remove one first.':
    'El número máximo de correos electrónicos en la lista negra es {MAX_BLACKLIST_ENTRIES}. Quite uno primero.',
  'This e-mail is not on your blacklist.': 'Este correo electrónico no está en su lista negra.',
  'Access from your IP address is not allowed for this account.':
    'Esta cuenta no permite el acceso desde su dirección IP.',
  'Enter an IPv4 address such as 203.0.113.5 or an IPv6 address.':
    'Introduzca una dirección IPv4 como 203.0.113.5 o una dirección IPv6.',
  'Both ends of a range must be IPv4, or both IPv6.': 'Los dos extremos de un rango deben ser IPv4, o los dos IPv6.',
  'The end of the range must not come before its start.': 'El final del rango no puede ser anterior a su inicio.',
  'After the slash, give the network prefix length: 0 to 32 for IPv4, 0 to 128 for IPv6.':
    'Después de la barra, indique la longitud del prefijo de red: de 0 a 32 para IPv4 y de 0 a 128 para IPv6.',
  'A network such as 203.0.113.0/24 is a range already: leave the end empty.':
    'Una red como 203.0.113.0/24 ya es un rango: deje vacío el final.',
  'This change would block the IP address you are using now. Confirm it if you mean to lose access from here.':
    'Este cambio bloquearía la dirección IP que está usando ahora. Confírmelo si realmente quiere perder el acceso desde aquí.',
  'The list holds at most {MAX_IP_ALLOW_LIST_ENTRIES} entries. Remove one first.':
    'El número máximo de entradas de la lista es {MAX_IP_ALLOW_LIST_ENTRIES}. Elimine una primero.',
  'Security messages are always sent: they cannot be switched off.':
    'Los mensajes de seguridad se envían siempre: no se pueden desactivar.',
  'Choose the customer to act for first.': 'Elija primero el cliente en cuyo nombre quiere actuar.',
  'This sign-in request does not exist or has already been answered.':
    'Esta solicitud de inicio de sesión no existe o ya se ha respondido.',
  'This application is not registered for sign-in.': 'Esta aplicación no está registrada para iniciar sesión.',
  'This return address is not registered for the application.':
    'Esta dirección de retorno no está registrada para la aplicación.',
  'The application may not ask for this.': 'La aplicación no puede solicitar esto.',
  'This sign-in request belongs to another user.': 'Esta solicitud de inicio de sesión pertenece a otro usuario.',
  'Client authentication failed.': 'Ha fallado la autenticación del cliente.',
  'The code is not valid, has expired or was already used.': 'El código no es válido, ha caducado o ya se ha usado.',
  'Send the approving user’s e-mail.': 'Envíe el correo electrónico del usuario que aprueba.',
  'This approval belongs to another user.': 'Esta aprobación pertenece a otro usuario.',
  'No exchange rate for this currency.': 'No hay tipo de cambio para esta divisa.',
  'This currency is not supported.': 'Esta divisa no está admitida.',
  'The value is below the smallest representable one.': 'El valor es inferior al mínimo representable.',
  'Transfers to other customers cannot be made in {currency}.':
    'Las transferencias a otros clientes no se pueden hacer en {currency}.',
  'Choose how often the transfer repeats.': 'Elija con qué frecuencia se repite la transferencia.',
  'Choose an end date, a number of transfers, or to repeat until you cancel.':
    'Elija una fecha de fin, un número de transferencias o repetirla hasta que la cancele.',
  'The end date must be on or after the second transfer, {secondRun}.':
    'La fecha de fin debe ser igual o posterior a la de la segunda transferencia, el {secondRun}.',
  'This pre-approved payment is not available.': 'Este pago preautorizado no está disponible.',
  'This transfer is not waiting for approval.': 'Esta transferencia no está pendiente de aprobación.',
  'This transfer is not available.': 'Esta transferencia no está disponible.',
  'This transfer is already completed.': 'Esta transferencia ya se ha completado.',
  'The time to approve this transfer ran out. The funds were released.':
    'Se ha agotado el tiempo para aprobar esta transferencia. Los fondos se han liberado.',
  'Too many incorrect codes. The transfer was rejected and the funds released.':
    'Demasiados códigos incorrectos. La transferencia se ha rechazado y los fondos se han liberado.',
  'This transfer was rejected. The funds were released.':
    'Esta transferencia se ha rechazado. Los fondos se han liberado.',
  'Only the user who made this transfer can approve it.':
    'Solo el usuario que hizo esta transferencia puede aprobarla.',
  'Approve this transfer in the mobile app on your linked device.':
    'Apruebe esta transferencia en la aplicación móvil de su dispositivo vinculado.',
  'This transfer is not waiting for your answer.': 'Esta transferencia no está esperando su respuesta.',
  'Nothing is sent for this approval: use the code in your authenticator app.':
    'Para esta aprobación no se envía nada: use el código de su aplicación de autenticación.',
  'The smallest amount is {smallest} {currency}.': 'El importe mínimo es {smallest} {currency}.',
  'The most you can send in one transfer is {most} {currency}.':
    'El importe máximo por transferencia es {most} {currency}.',
  'This would pass your daily limit of {dailyLimit} {currency}.':
    'Esto superaría su límite diario de {dailyLimit} {currency}.',
  'The amount is too small to convert.': 'El importe es demasiado bajo para convertirlo.',
  'Choose two different accounts.': 'Elija dos cuentas distintas.',
  'The amount must be in {from_currency} or {to_currency}.':
    'El importe debe estar en {from_currency} o {to_currency}.',
  'No customer signs in with this e-mail.': 'Ningún cliente inicia sesión con este correo electrónico.',
  'This is your own e-mail. Use a transfer between your accounts instead.':
    'Este es su propio correo electrónico. Haga en su lugar una transferencia entre sus cuentas.',
  'Transfers between you and this customer are blocked by a payout blacklist.':
    'Las transferencias entre usted y este cliente están bloqueadas por una lista negra de pagos.',
  'This template is not available.': 'Esta plantilla no está disponible.',
  'Your access to this company does not allow sending money.': 'Su acceso a esta empresa no permite enviar dinero.',
  'You can keep up to {MAX_TRANSFER_TEMPLATES} templates. Delete one first.':
    'El número máximo de plantillas es {MAX_TRANSFER_TEMPLATES}. Elimine una primero.',
  'Due diligence asks nothing of this customer.': 'La diligencia debida no requiere nada de este cliente.',
  'Only a personal customer updates personal info.':
    'Solo un cliente particular puede actualizar sus datos personales.',
  'Business customers verify through business KYC.':
    'Los clientes de empresa se verifican con el proceso KYC para empresas.',
  'Upload your identity document.': 'Suba su documento de identidad.',
  'Upload a proof of address.': 'Suba un justificante de domicilio.',
  'Please check the highlighted fields.': 'Revise los campos marcados.',
  'Invalid parameters.': 'Parámetros no válidos.',
  'Your session has expired. Please sign in again.': 'Su sesión ha caducado. Vuelva a iniciar sesión.',
  "You don't have access to this.": 'No tiene acceso a esto.',
  'Please accept the updated terms to continue.': 'Acepte las condiciones actualizadas para continuar.',
  'Too many attempts. Please wait and try again.': 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
  'This request key was already used with different details.': 'Esta clave de solicitud ya se usó con otros datos.',
  'The request key must be 1 to {MAX_IDEMPOTENCY_KEY_LENGTH} printable characters without spaces.':
    'La clave de solicitud debe tener entre 1 y {MAX_IDEMPOTENCY_KEY_LENGTH} caracteres imprimibles, sin espacios.',
  'The request body must be a JSON object.': 'El cuerpo de la solicitud debe ser un objeto JSON.',
  'The method is missing or does not match the query.': 'Falta el método o no coincide con el indicado en la URL.',
  'Unknown method {methodName}.': 'Método desconocido: {methodName}.',
  'This action cannot be taken for another customer.': 'Esta acción no se puede realizar en nombre de otro cliente.',
  'The file is larger than {megabytes} MB.': 'El archivo supera los {megabytes} MB.',
  'Upload a PDF, JPEG, PNG or HEIC file.': 'Suba un archivo PDF, JPEG, PNG o HEIC.',
  'The file is empty.': 'El archivo está vacío.',
  'Send the files as multipart/form-data.': 'Envíe los archivos como multipart/form-data.',
  'Unexpected file field {field}.': 'Campo de archivo inesperado: {field}.',
  'At most {maxFiles} files at once.': 'Número máximo de archivos por envío: {maxFiles}.',
  'The upload is not valid.': 'La subida no es válida.',
  'Not found': 'No encontrado',
  'Use the yyyy-mm-dd format': 'Use el formato yyyy-mm-dd',
  'Letters, digits and dots only': 'Solo letras, cifras y puntos',
  'The start date must not be after the end date': 'La fecha de inicio no puede ser posterior a la fecha de fin',
  'Code challenge must be 43 to 128 characters of letters, digits, "-", ".", "_" or "~"':
    'El desafío PKCE debe tener de 43 a 128 caracteres entre letras, cifras, "-", ".", "_" o "~"',
  'Code verifier must be 43 to 128 unreserved characters':
    'El verificador PKCE debe tener de 43 a 128 caracteres no reservados',
  'Enter the 6-digit code': 'Introduzca el código de 6 dígitos',
  'A two-letter country code': 'Un código de país de dos letras',
  'Enter an amount such as 10.50.': 'Introduzca un importe como 10.50.',
  'The end date is before the start date.': 'La fecha final es anterior a la inicial.',
  'The maximum is below the minimum.': 'El máximo es inferior al mínimo.',
  'Each language once': 'Cada idioma una sola vez',
  'Give the ids, or all: true': 'Indique los identificadores (ids) o all: true',
  'Enter the address.': 'Introduzca la dirección.',
  'Enter the city.': 'Introduzca la ciudad.',
  'Enter the postal code.': 'Introduzca el código postal.',
  'Letters, digits, spaces and dashes only.': 'Solo letras, cifras, espacios y guiones.',
  'The country code is digits only, without +.': 'El prefijo del país solo lleva cifras, sin +.',
  'Enter the number in digits.': 'Introduzca el número en cifras.',
  'Not a PKCE challenge.': 'No es un desafío PKCE válido.',
  'Enter the code from the SMS.': 'Introduzca el código del SMS.',
  'Not a PKCE verifier.': 'No es un verificador PKCE válido.',
  'Send the code with its verifier, or the reqId with the approval code.':
    'Envíe el código con su verificador, o el reqId con el código de aprobación.',
  'Enter the code from the e-mail.': 'Introduzca el código del correo electrónico.',
  'Enter the tax number.': 'Introduzca el número fiscal.',
  'Letters, digits, dots, slashes and dashes only.': 'Solo letras, cifras, puntos, barras y guiones.',
  'Enter a name.': 'Introduzca un nombre.',
  'Accept the terms to continue.': 'Acepte las condiciones para continuar.',
  'Enter your e-mail address.': 'Introduzca su dirección de correo electrónico.',
  'The passwords do not match.': 'Las contraseñas no coinciden.',
  'This reset link is not valid.': 'Este enlace de restablecimiento no es válido.',
  'Enter the number with its country code, e.g. +44 7700 900123.':
    'Introduzca el número con el prefijo del país, por ejemplo +44 7700 900123.',
  'Send either mode or typeMode.': 'Envíe mode o typeMode, pero no ambos.',
  'Your password has been successfully updated. Please link your mobile device again to keep approving with it.':
    'Su contraseña se ha actualizado correctamente. Vuelva a vincular su dispositivo móvil para seguir aprobando con él.',
  'Use the format YYYY-MM-DD.': 'Use el formato YYYY-MM-DD.',
  'The start date must not be after the end date.': 'La fecha de inicio no puede ser posterior a la fecha de fin.',
  'Enter an IP address.': 'Introduzca una dirección IP.',
  'This is not an IP address.': 'Esto no es una dirección IP.',
  'Choose a block type.': 'Elija un tipo de bloqueo.',
  'The user with the e-mail has been added to the black list.':
    'El usuario con este correo electrónico se ha añadido a la lista negra.',
  'Unknown notification setting.': 'Ajuste de notificaciones desconocido.',
  'Unknown client.': 'Aplicación cliente desconocida.',
  'Scopes are {scopes}.': 'Los ámbitos admitidos son: {scopes}.',
  'The request key must be 1 to 128 printable characters without spaces.':
    'La clave de solicitud debe tener entre 1 y 128 caracteres imprimibles, sin espacios.',
  'Enter an amount such as 12.34.': 'Introduzca un importe como 12.34.',
  'Enter a date as YYYY-MM-DD.': 'Introduzca una fecha con el formato YYYY-MM-DD.',
  'You must be at least 18.': 'Debe tener al menos 18 años.',
  'Check the year of birth.': 'Compruebe el año de nacimiento.',
  'Say why the document is rejected.': 'Indique por qué se rechaza el documento.',
  'Say why.': 'Indique el motivo.',
  'Each document once.': 'Cada documento una sola vez.',
  'Use at least {MIN_PASSWORD_LENGTH} characters.': 'Número mínimo de caracteres: {MIN_PASSWORD_LENGTH}.',
  'Use at most {MAX_PASSWORD_LENGTH} characters.': 'Número máximo de caracteres: {MAX_PASSWORD_LENGTH}.',
  'This password is too common or appeared in a data breach. Choose another one.':
    'Esta contraseña es demasiado común o ha aparecido en una filtración de datos. Elija otra.',
  'Do not build the password from your e-mail address or your name.':
    'No forme la contraseña con su dirección de correo electrónico ni con su nombre.',
  'Keyboard patterns are easy to guess. Choose another password.':
    'Las secuencias del teclado son fáciles de adivinar. Elija otra contraseña.',
  'Repeated characters and sequences are easy to guess. Choose another password.':
    'Los caracteres repetidos y las secuencias son fáciles de adivinar. Elija otra contraseña.',
  'Dates and years are easy to guess. Choose another password.':
    'Las fechas y los años son fáciles de adivinar. Elija otra contraseña.',
  'This password is too easy to guess. Add more words or characters.':
    'Esta contraseña es demasiado fácil de adivinar. Añada más palabras o caracteres.',
  'Enter a valid phone number with its country code, e.g. +44 7700 900123.':
    'Introduzca un número de teléfono válido con el prefijo de país, p. ej., +44 7700 900123.',
};
