import type { TextCatalogue } from './localize';

/** The server's texts in Portuguese, keyed by their English text (see ./localize.ts). */
export const pt: TextCatalogue = {
  'Choose a customer to act for.': 'Escolha o cliente em nome do qual pretende atuar.',
  'Use YYYY-MM.': 'Use o formato YYYY-MM.',
  'This account is not available.': 'Esta conta não está disponível.',
  'You hold the most accounts one customer can.': 'Já tem o número máximo de contas permitido por cliente.',
  'These payment instructions are not available.': 'Estas instruções de pagamento não estão disponíveis.',
  'Please sign in to continue.': 'Inicie sessão para continuar.',
  'fromCustomerId must be a customer id.': 'fromCustomerId tem de ser o identificador de um cliente.',
  "Enter the payer's name (up to {MAX_PAYER_NAME_LENGTH} characters).":
    'Introduza o nome do ordenante (número máximo de caracteres: {MAX_PAYER_NAME_LENGTH}).',
  'Enter the reference (up to {MAX_REMITTANCE_LENGTH} characters).':
    'Introduza a referência (número máximo de caracteres: {MAX_REMITTANCE_LENGTH}).',
  'Bank transfers arrive in USD, EUR, GBP, CAD, AUD or RON.':
    'Só recebemos transferências bancárias em USD, EUR, GBP, CAD, AUD ou RON.',
  'The amount must be greater than zero and not too large.':
    'O montante tem de ser maior que zero e não pode ser demasiado elevado.',
  'Up to {MAX_RAIL_REFERENCE_LENGTH} printable characters.':
    'Entre 1 e {MAX_RAIL_REFERENCE_LENGTH} caracteres imprimíveis.',
  'This payment was reported before with other details.': 'Este pagamento já foi comunicado antes com outros dados.',
  'There is no statement for this month.': 'Não há extrato para este mês.',
  'Customer not found.': 'Cliente não encontrado.',
  'Incorrect e-mail or password.': 'E-mail ou palavra-passe incorretos.',
  'Your account is not activated yet. Please follow the activation link we sent to your e-mail.':
    'A sua conta ainda não está ativada. Abra a ligação de ativação que enviámos para o seu e-mail.',
  'Your account is blocked. Please contact support.': 'A sua conta está bloqueada. Contacte o apoio ao cliente.',
  'This device is not linked (any more). Link it again from the app.':
    'Este dispositivo não está (ou deixou de estar) associado. Associe-o novamente a partir da aplicação.',
  'This sign-in code is invalid or has expired. Please sign in again.':
    'Este código de início de sessão não é válido ou expirou. Inicie sessão novamente.',
  'Too many incorrect codes. Please sign in again.': 'Demasiados códigos incorretos. Inicie sessão novamente.',
  'Enter the 6-digit code.': 'Introduza o código de 6 dígitos.',
  'This code has expired. Ask for a new one.': 'Este código expirou. Peça um código novo.',
  'The code is incorrect. Attempts left: {attemptsLeft}.':
    'O código está incorreto. Tentativas restantes: {attemptsLeft}.',
  'This link has expired or was used. Show a new QR code on the website.':
    'Esta ligação expirou ou já foi usada. Mostre um novo código QR no site.',
  "This device doesn't exist or isn't yours.": 'Este dispositivo não existe ou não é seu.',
  'You can link up to {MAX_DEVICES_PER_USER} devices. Remove one first.':
    'Atingiu o número máximo de dispositivos associados ({MAX_DEVICES_PER_USER}). Remova primeiro um deles.',
  'This device is already approved.': 'Este dispositivo já está aprovado.',
  'This method is not available to you.': 'Este método não está disponível para si.',
  'This approval has ended. Please start it again.': 'Esta aprovação terminou. Comece-a novamente.',
  'Start the approval with this method first.': 'Comece primeiro a aprovação com este método.',
  'The code is incorrect or has expired.': 'O código está incorreto ou expirou.',
  'Too many incorrect codes. Please start the approval again.':
    'Demasiados códigos incorretos. Comece a aprovação novamente.',
  'This device is not waiting for your answer.': 'Este dispositivo não está à espera da sua resposta.',
  'Set up the authenticator app for sign-in first, then use it for approvals.':
    'Configure primeiro a aplicação de autenticação para o início de sessão e depois use-a para as aprovações.',
  'Enter the phone number the codes should go to.':
    'Introduza o número de telefone para o qual devem ser enviados os códigos.',
  'Link a mobile device first: push approvals go to it.':
    'Associe primeiro um dispositivo móvel: é para ele que são enviados os pedidos de aprovação.',
  'This change has ended. Please start again.': 'Esta alteração terminou. Comece novamente.',
  'The change was declined on your device.': 'A alteração foi recusada no seu dispositivo.',
  'The code is incorrect.': 'O código está incorreto.',
  'This code has expired. Please start again.': 'Este código expirou. Comece novamente.',
  'Too many incorrect codes. Please start again.': 'Demasiados códigos incorretos. Comece novamente.',
  'This change is not waiting for your answer.': 'Esta alteração não está à espera da sua resposta.',
  'The new passwords do not match.': 'As novas palavras-passe não coincidem.',
  'Choose a password different from the current one.': 'Escolha uma palavra-passe diferente da atual.',
  'This password change has ended. Please start again.': 'Esta alteração da palavra-passe terminou. Comece novamente.',
  'Too many incorrect codes. Please start the password change again.':
    'Demasiados códigos incorretos. Comece novamente a alteração da palavra-passe.',
  'This sign-in has ended. Please sign in again.': 'Este início de sessão terminou. Inicie sessão novamente.',
  'This sign-in is not waiting for your answer.': 'Este início de sessão não está à espera da sua resposta.',
  'Enter your password again to change security settings.':
    'Introduza novamente a sua palavra-passe para alterar as definições de segurança.',
  'Enter your password to continue.': 'Introduza a sua palavra-passe para continuar.',
  'Too many incorrect passwords. Please sign in again.':
    'Demasiadas palavras-passe incorretas. Inicie sessão novamente.',
  'The password is incorrect.': 'A palavra-passe está incorreta.',
  'Enter the 6-digit code from your authenticator app.':
    'Introduza o código de 6 dígitos da sua aplicação de autenticação.',
  'This set-up request has ended. Please start again.': 'Este pedido de configuração terminou. Comece novamente.',
  'The code is incorrect. Check the time on your phone.':
    'O código está incorreto. Verifique se a hora do seu telemóvel está certa.',
  'Too many incorrect codes. Please start the set-up again.':
    'Demasiados códigos incorretos. Comece a configuração novamente.',
  'No code was sent for this request.': 'Não foi enviado nenhum código para este pedido.',
  "This session doesn't exist or has ended.": 'Esta sessão não existe ou já terminou.',
  'Enter a valid phone number with its country code, e.g. +44 7700 900123.':
    'Introduza um número de telefone válido com o indicativo do país, por exemplo +44 7700 900123.',
  'Set up the authenticator app to continue.': 'Configure a aplicação de autenticação para continuar.',
  'No customer is linked to this sign-in.': 'Não há nenhum cliente associado a este acesso.',
  'These terms are not waiting for your acceptance.': 'Estes termos não estão à espera da sua aceitação.',
  'This customer does not exist.': 'Este cliente não existe.',
  'Keep the payload under {MAX_LIVE_PAYLOAD_BYTES} bytes':
    'O conteúdo tem de ter menos de {MAX_LIVE_PAYLOAD_BYTES} bytes',
  'Give exactly one of userId and customerId': 'Indique apenas um dos campos: userId ou customerId',
  'At most 400 days ahead.': 'No máximo 400 dias no futuro.',
  'This document does not exist.': 'Este documento não existe.',
  'This document has already been reviewed.': 'Este documento já foi analisado.',
  'A customer has at most 10 open limit reasons.': 'Um cliente pode ter no máximo 10 motivos de limitação em aberto.',
  'This customer is not limited.': 'Este cliente não está limitado.',
  'The data part is missing.': 'Falta a parte de dados do pedido.',
  'The data part must be JSON.': 'A parte de dados tem de estar em JSON.',
  'Attach the document.': 'Anexe o documento.',
  'Attach the document that proves the address.': 'Anexe o documento que comprova a morada.',
  'Each side can be uploaded once.': 'Cada lado do documento só pode ser carregado uma vez.',
  'Upload both the front and the back of the document.': 'Carregue a frente e o verso do documento.',
  'Upload the document.': 'Carregue o documento.',
  'Upload the front of the document.': 'Carregue a frente do documento.',
  'This document has expired.': 'Este documento expirou.',
  'This document does not exist or is not yours.': 'Este documento não existe ou não é seu.',
  'This limit reason does not exist or is resolved.': 'Este motivo de limitação não existe ou já foi resolvido.',
  'This reason does not ask for that document.': 'Este motivo de limitação não exige esse documento.',
  'Your due diligence does not ask for this document.': 'A sua diligência devida não exige este documento.',
  'A video identity session is already in progress.': 'Já está em curso uma sessão de identificação por vídeo.',
  'This video identity session does not exist.': 'Esta sessão de identificação por vídeo não existe.',
  'This export is not available.': 'Esta exportação não está disponível.',
  'This export has expired. Please start a new one.': 'Esta exportação expirou. Comece uma nova.',
  'This export is still being prepared.': 'Esta exportação ainda está a ser preparada.',
  'This page link is not valid; start from the first page.':
    'Esta ligação de página não é válida; comece pela primeira página.',
  'The amount must be greater than zero.': 'O montante tem de ser maior que zero.',
  'The amount is too large.': 'O montante é demasiado elevado.',
  'The amount must not be zero.': 'O montante não pode ser zero.',
  'The source and destination accounts are the same.': 'A conta de origem e a conta de destino são a mesma.',
  'The amount is more than was reserved.': 'O montante é superior ao que foi reservado.',
  'The credits must be positive, to other accounts, and add up to the amount.':
    'Os créditos têm de ser positivos, destinar-se a outras contas e somar o montante.',
  'This payment was already completed.': 'Este pagamento já foi concluído.',
  'This payment was already cancelled.': 'Este pagamento já foi cancelado.',
  'This payment reservation has expired.': 'Esta reserva de pagamento expirou.',
  'Insufficient funds.': 'Saldo insuficiente.',
  'The account holds {expected}.': 'A moeda desta conta é {expected}.',
  'Account not found.': 'Conta não encontrada.',
  'This account is closed.': 'Esta conta está encerrada.',
  'An account can be closed only with a zero balance and no pending payments.':
    'Só é possível encerrar uma conta com saldo zero e sem pagamentos pendentes.',
  'Payment not found.': 'Pagamento não encontrado.',
  'Transaction not found.': 'Transação não encontrada.',
  'This transaction was already reversed.': 'Esta transação já foi revertida.',
  'The money arrives at once and the payee is told right away. Transfers to other banks keep their usual fees.':
    'O dinheiro chega de imediato e o destinatário é avisado na hora. As transferências para outros bancos mantêm as comissões habituais.',
  'Please accept the new fee schedule, or decline it and our team will contact you about your options.':
    'Aceite o novo preçário ou recuse-o e a nossa equipa entrará em contacto consigo para falar das suas opções.',
  'Announcement not found.': 'Anúncio não encontrado.',
  'This announcement needs no answer.': 'Este anúncio não precisa de resposta.',
  'This announcement was already answered.': 'Este anúncio já foi respondido.',
  'You can keep at most {MAX_EMAILS} e-mails.': 'Atingiu o número máximo de e-mails ({MAX_EMAILS}).',
  'You already added this e-mail.': 'Já adicionou este e-mail.',
  'This e-mail does not exist or is not yours.': 'Este e-mail não existe ou não é seu.',
  'This e-mail is already confirmed.': 'Este e-mail já está confirmado.',
  'Too many wrong codes. Ask for a new one.': 'Demasiados códigos errados. Peça um código novo.',
  'The code is not right.': 'O código não está correto.',
  'Make another e-mail primary before deleting this one.': 'Torne outro e-mail principal antes de eliminar este.',
  'Confirm this e-mail first.': 'Confirme primeiro este e-mail.',
  'You already sign in with this e-mail.': 'Já inicia sessão com este e-mail.',
  'Another account uses this e-mail.': 'Outra conta usa este e-mail.',
  'This request does not exist or is not yours.': 'Este pedido não existe ou não é seu.',
  'This request is no longer open. Start a new one.': 'Este pedido já não está em aberto. Faça um novo pedido.',
  'This code has expired. Start a new request.': 'Este código expirou. Faça um novo pedido.',
  'Too many wrong codes. Start a new request.': 'Demasiados códigos errados. Faça um novo pedido.',
  'Another account took this e-mail meanwhile.': 'Entretanto, outra conta passou a usar este e-mail.',
  'This is not a valid mobile number.': 'Este número de telemóvel não é válido.',
  'You can keep at most {MAX_PHONES} phones.': 'Atingiu o número máximo de telefones ({MAX_PHONES}).',
  'You already added this number.': 'Já adicionou este número.',
  'This phone does not exist or is not yours.': 'Este telefone não existe ou não é seu.',
  'Confirm this phone first, or add a new one.': 'Confirme primeiro este telefone ou adicione um novo.',
  'This phone is already confirmed.': 'Este telefone já está confirmado.',
  'Ask for a new code first.': 'Peça primeiro um código novo.',
  'Confirm this phone first.': 'Confirme primeiro este telefone.',
  'The data part is not JSON.': 'A parte de dados não está em JSON.',
  'Each part can hold one file.': 'Cada parte só pode conter um ficheiro.',
  'This address does not exist or is not yours.': 'Esta morada não existe ou não é sua.',
  'Finish or delete the addresses in draft first.': 'Conclua ou elimine primeiro as moradas em rascunho.',
  'You already have this address. Replace it instead.': 'Já tem esta morada. Em vez de a adicionar, substitua-a.',
  'You have a new address in draft. Confirm or delete it first.':
    'Tem uma nova morada em rascunho. Confirme-a ou elimine-a primeiro.',
  'Only an address in use can be replaced.': 'Só é possível substituir uma morada em uso.',
  'A replacement is the same kind of address.': 'A morada de substituição tem de ser do mesmo tipo.',
  'The documents of this address are already under review or confirmed.':
    'Os documentos desta morada já estão em análise ou confirmados.',
  'This address is no longer in use.': 'Esta morada já não está em uso.',
  'Choose the relationship document type.': 'Escolha o tipo de comprovativo de parentesco.',
  'This address was already confirmed.': 'Esta morada já foi confirmada.',
  'Upload the document that proves the address first.': 'Carregue primeiro o documento que comprova a morada.',
  'The address this replaces is no longer in use. Start again.':
    'A morada que esta substitui já não está em uso. Comece novamente.',
  'Your home address can be replaced, not deleted.':
    'A sua morada de residência pode ser substituída, mas não eliminada.',
  'This code is not right. Check the latest activation e-mail.':
    'Este código não está correto. Verifique o e-mail de ativação mais recente.',
  'This code is not right. Tries left: {attemptsLeft}.':
    'Este código não está correto. Tentativas restantes: {attemptsLeft}.',
  'Too many wrong codes. Request a new code.': 'Demasiados códigos errados. Peça um código novo.',
  'This code has expired. Request a new code.': 'Este código expirou. Peça um código novo.',
  'This account is already active. Sign in.': 'Esta conta já está ativa. Inicie sessão.',
  'This invitation asks for your name and a password: open the link in the invitation e-mail.':
    'Este convite pede o seu nome e uma palavra-passe: abra a ligação do e-mail de convite.',
  'This code does not belong to an invitation. Activate the account on the activation page.':
    'Este código não pertence a um convite. Ative a conta na página de ativação.',
  'This password reset has expired. Please start again.':
    'Esta redefinição da palavra-passe expirou. Comece novamente.',
  'Registration is not available here. Please contact support.':
    'O registo não está disponível aqui. Contacte o apoio ao cliente.',
  'Choose one of the types offered.': 'Escolha uma das opções apresentadas.',
  'Enter a valid phone number, with the country code if it is not from the country you chose.':
    'Introduza um número de telefone válido, com o indicativo se não for do país que escolheu.',
  'An account with this e-mail address already exists. Sign in, or reset your password.':
    'Já existe uma conta com este endereço de e-mail. Inicie sessão ou redefina a palavra-passe.',
  'An account with this phone number already exists.': 'Já existe uma conta com este número de telefone.',
  'The terms have changed since this page was opened. Please read and accept them again.':
    'Os termos mudaram desde que abriu esta página. Leia-os e aceite-os novamente.',
  'The blacklist holds at most {MAX_BLACKLIST_ENTRIES} e-mails. Remove one first.':
    'Atingiu o número máximo de e-mails na lista negra ({MAX_BLACKLIST_ENTRIES}). Remova primeiro um deles.',
  'This e-mail is not on your blacklist.': 'Este e-mail não está na sua lista negra.',
  'Access from your IP address is not allowed for this account.':
    'Não é permitido aceder a esta conta a partir do seu endereço IP.',
  'Enter an IPv4 address such as 203.0.113.5 or an IPv6 address.':
    'Introduza um endereço IPv4 como 203.0.113.5 ou um endereço IPv6.',
  'Both ends of a range must be IPv4, or both IPv6.':
    'O início e o fim de um intervalo têm de ser ambos IPv4 ou ambos IPv6.',
  'The end of the range must not come before its start.': 'O fim do intervalo não pode ser anterior ao início.',
  'This change would block the IP address you are using now. Confirm it if you mean to lose access from here.':
    'Esta alteração bloquearia o endereço IP que está a usar agora. Confirme-a se pretende perder o acesso a partir daqui.',
  'The list holds at most {MAX_IP_ALLOW_LIST_ENTRIES} entries. Remove one first.':
    'Atingiu o número máximo de entradas na lista ({MAX_IP_ALLOW_LIST_ENTRIES}). Remova primeiro uma delas.',
  'Security messages are always sent: they cannot be switched off.':
    'As mensagens de segurança são sempre enviadas: não podem ser desativadas.',
  'Choose the customer to act for first.': 'Escolha primeiro o cliente em nome do qual pretende atuar.',
  'This sign-in request does not exist or has already been answered.':
    'Este pedido de início de sessão não existe ou já foi respondido.',
  'This application is not registered for sign-in.': 'Esta aplicação não está registada para início de sessão.',
  'This return address is not registered for the application.':
    'Este endereço de retorno não está registado para a aplicação.',
  'The application may not ask for this.': 'A aplicação não pode pedir isto.',
  'This sign-in request belongs to another user.': 'Este pedido de início de sessão pertence a outro utilizador.',
  'Client authentication failed.': 'A autenticação da aplicação cliente falhou.',
  'The code is not valid, has expired or was already used.': 'O código não é válido, expirou ou já foi usado.',
  'Send the approving user’s e-mail.': 'Envie o e-mail do utilizador que aprova.',
  'This approval belongs to another user.': 'Esta aprovação pertence a outro utilizador.',
  'No exchange rate for this currency.': 'Não há taxa de câmbio para esta moeda.',
  'This currency is not supported.': 'Esta moeda não é suportada.',
  'The value is below the smallest representable one.': 'O valor é inferior ao menor valor representável.',
  'Transfers to other customers cannot be made in {currency}.':
    'Não é possível fazer transferências para outros clientes em {currency}.',
  'Choose how often the transfer repeats.': 'Escolha com que frequência a transferência se repete.',
  'Choose an end date, a number of transfers, or to repeat until you cancel.':
    'Escolha uma data de fim, um número de transferências ou repetir até cancelar.',
  'The end date must be on or after the second transfer, {secondRun}.':
    'A data de fim tem de ser igual ou posterior à da segunda transferência, {secondRun}.',
  'This pre-approved payment is not available.': 'Este pagamento pré-autorizado não está disponível.',
  'This transfer is not waiting for approval.': 'Esta transferência não está à espera de aprovação.',
  'This transfer is not available.': 'Esta transferência não está disponível.',
  'This transfer is already completed.': 'Esta transferência já está concluída.',
  'The time to approve this transfer ran out. The funds were released.':
    'O tempo para aprovar esta transferência terminou. Os fundos foram libertados.',
  'Too many incorrect codes. The transfer was rejected and the funds released.':
    'Demasiados códigos incorretos. A transferência foi rejeitada e os fundos foram libertados.',
  'This transfer was rejected. The funds were released.':
    'Esta transferência foi rejeitada. Os fundos foram libertados.',
  'Only the user who made this transfer can approve it.': 'Só o utilizador que fez esta transferência a pode aprovar.',
  'Approve this transfer in the mobile app on your linked device.':
    'Aprove esta transferência na aplicação móvel do seu dispositivo associado.',
  'This transfer is not waiting for your answer.': 'Esta transferência não está à espera da sua resposta.',
  'Nothing is sent for this approval: use the code in your authenticator app.':
    'Não é enviado nada para esta aprovação: use o código da sua aplicação de autenticação.',
  'The smallest amount is {smallest} {currency}.': 'O montante mínimo é {smallest} {currency}.',
  'The most you can send in one transfer is {most} {currency}.':
    'O montante máximo que pode enviar numa transferência é {most} {currency}.',
  'This would pass your daily limit of {dailyLimit} {currency}.':
    'Esta transferência ultrapassaria o seu limite diário de {dailyLimit} {currency}.',
  'The amount is too small to convert.': 'O montante é demasiado pequeno para ser convertido.',
  'Choose two different accounts.': 'Escolha duas contas diferentes.',
  'The amount must be in {from_currency} or {to_currency}.':
    'O montante tem de estar em {from_currency} ou em {to_currency}.',
  'No customer signs in with this e-mail.': 'Nenhum cliente inicia sessão com este e-mail.',
  'This is your own e-mail. Use a transfer between your accounts instead.':
    'Este é o seu próprio e-mail. Faça antes uma transferência entre as suas contas.',
  'Transfers between you and this customer are blocked by a payout blacklist.':
    'As transferências entre si e este cliente estão bloqueadas por uma lista negra de pagamentos.',
  'This template is not available.': 'Este modelo não está disponível.',
  'Your access to this company does not allow sending money.':
    'O seu acesso a esta empresa não permite enviar dinheiro.',
  'You can keep up to {MAX_TRANSFER_TEMPLATES} templates. Delete one first.':
    'Atingiu o número máximo de modelos ({MAX_TRANSFER_TEMPLATES}). Elimine primeiro um deles.',
  'Due diligence asks nothing of this customer.': 'A diligência devida não exige nada deste cliente.',
  'Only a personal customer updates personal info.': 'Só um cliente particular pode atualizar dados pessoais.',
  'Business customers verify through business KYC.':
    'Os clientes empresariais são verificados através da verificação empresarial.',
  'Upload your identity document.': 'Carregue o seu documento de identificação.',
  'Upload a proof of address.': 'Carregue um comprovativo de morada.',
  'Please check the highlighted fields.': 'Verifique os campos assinalados.',
  'Invalid parameters.': 'Parâmetros inválidos.',
  'Your session has expired. Please sign in again.': 'A sua sessão expirou. Inicie sessão novamente.',
  "You don't have access to this.": 'Não tem acesso a isto.',
  'Please accept the updated terms to continue.': 'Aceite os termos atualizados para continuar.',
  'Too many attempts. Please wait and try again.': 'Demasiadas tentativas. Aguarde e tente novamente.',
  'This request key was already used with different details.': 'Esta chave de pedido já foi usada com outros dados.',
  'The request key must be 1 to {MAX_IDEMPOTENCY_KEY_LENGTH} printable characters without spaces.':
    'A chave do pedido tem de ter entre 1 e {MAX_IDEMPOTENCY_KEY_LENGTH} caracteres imprimíveis, sem espaços.',
  'The request body must be a JSON object.': 'O corpo do pedido tem de ser um objeto JSON.',
  'The method is missing or does not match the query.':
    'O método está em falta ou não corresponde ao indicado nos parâmetros do pedido.',
  'Unknown method {methodName}.': 'Método desconhecido: {methodName}.',
  'This action cannot be taken for another customer.': 'Esta ação não pode ser feita em nome de outro cliente.',
  'The file is larger than {megabytes} MB.': 'O ficheiro tem mais de {megabytes} MB.',
  'Upload a PDF, JPEG, PNG or HEIC file.': 'Carregue um ficheiro PDF, JPEG, PNG ou HEIC.',
  'The file is empty.': 'O ficheiro está vazio.',
  'Send the files as multipart/form-data.': 'Envie os ficheiros como multipart/form-data.',
  'Unexpected file field {field}.': 'Campo de ficheiro inesperado: {field}.',
  'At most {maxFiles} files at once.': 'Número máximo de ficheiros de cada vez: {maxFiles}.',
  'The upload is not valid.': 'O carregamento não é válido.',
  'Not found': 'Não encontrado',
  'Use the yyyy-mm-dd format': 'Use o formato yyyy-mm-dd',
  'Letters, digits and dots only': 'Apenas letras, algarismos e pontos',
  'The start date must not be after the end date': 'A data de início não pode ser posterior à data de fim',
  'Code challenge must be 43 to 128 characters of letters, digits, "-", ".", "_" or "~"':
    'O desafio PKCE tem de ter entre 43 e 128 caracteres: letras, algarismos, "-", ".", "_" ou "~"',
  'Code verifier must be 43 to 128 unreserved characters':
    'O verificador PKCE tem de ter entre 43 e 128 caracteres não reservados',
  'Enter the 6-digit code': 'Introduza o código de 6 dígitos',
  'A two-letter country code': 'Um código de país de duas letras',
  'Enter an amount such as 10.50.': 'Introduza um montante como 10.50.',
  'The end date is before the start date.': 'A data de fim é anterior à data de início.',
  'The maximum is below the minimum.': 'O máximo é inferior ao mínimo.',
  'Each language once': 'Cada idioma só uma vez',
  'Give the ids, or all: true': 'Indique os ids ou all: true',
  'Enter the address.': 'Introduza a morada.',
  'Enter the city.': 'Introduza a cidade.',
  'Enter the postal code.': 'Introduza o código postal.',
  'Letters, digits, spaces and dashes only.': 'Apenas letras, algarismos, espaços e hífenes.',
  'The country code is digits only, without +.': 'O indicativo do país tem apenas algarismos, sem +.',
  'Enter the number in digits.': 'Introduza o número em algarismos.',
  'Not a PKCE challenge.': 'Não é um desafio PKCE válido.',
  'Enter the code from the SMS.': 'Introduza o código do SMS.',
  'Not a PKCE verifier.': 'Não é um verificador PKCE válido.',
  'Send the code with its verifier, or the reqId with the approval code.':
    'Envie o código com o respetivo verificador, ou o reqId com o código de aprovação.',
  'Enter the code from the e-mail.': 'Introduza o código do e-mail.',
  'Enter the tax number.': 'Introduza o número de contribuinte.',
  'Letters, digits, dots, slashes and dashes only.': 'Apenas letras, algarismos, pontos, barras e hífenes.',
  'Enter a name.': 'Introduza um nome.',
  'Accept the terms to continue.': 'Aceite os termos para continuar.',
  'Enter your e-mail address.': 'Introduza o seu endereço de e-mail.',
  'The passwords do not match.': 'As palavras-passe não coincidem.',
  'This reset link is not valid.': 'Esta ligação de redefinição não é válida.',
  'Enter the number with its country code, e.g. +44 7700 900123.':
    'Introduza o número com o indicativo do país, por exemplo +44 7700 900123.',
  'Send either mode or typeMode.': 'Envie mode ou typeMode, mas não ambos.',
  'Your password has been successfully updated. Please link your mobile device again to keep approving with it.':
    'A sua palavra-passe foi atualizada com sucesso. Associe novamente o seu dispositivo móvel para continuar a aprovar com ele.',
  'Use the format YYYY-MM-DD.': 'Use o formato YYYY-MM-DD.',
  'The start date must not be after the end date.': 'A data de início não pode ser posterior à data de fim.',
  'Enter an IP address.': 'Introduza um endereço IP.',
  'This is not an IP address.': 'Isto não é um endereço IP.',
  'Choose a block type.': 'Escolha um tipo de bloqueio.',
  'The user with the e-mail has been added to the black list.':
    'O utilizador com este e-mail foi adicionado à lista negra.',
  'Unknown notification setting.': 'Definição de notificação desconhecida.',
  'Unknown client.': 'Aplicação cliente desconhecida.',
  'Scopes are {scopes}.': 'Os âmbitos possíveis são: {scopes}.',
  'The request key must be 1 to 128 printable characters without spaces.':
    'A chave do pedido tem de ter entre 1 e 128 caracteres imprimíveis, sem espaços.',
  'Enter an amount such as 12.34.': 'Introduza um montante como 12.34.',
  'Enter a date as YYYY-MM-DD.': 'Introduza uma data no formato YYYY-MM-DD.',
  'You must be at least 18.': 'Tem de ter pelo menos 18 anos.',
  'Check the year of birth.': 'Verifique o ano de nascimento.',
  'Say why the document is rejected.': 'Indique o motivo da rejeição do documento.',
  'Say why.': 'Indique o motivo.',
  'Each document once.': 'Cada documento só uma vez.',
  'Use at least {MIN_PASSWORD_LENGTH} characters.':
    'A palavra-passe é demasiado curta. Número mínimo de caracteres: {MIN_PASSWORD_LENGTH}.',
  'Use at most {MAX_PASSWORD_LENGTH} characters.':
    'A palavra-passe é demasiado longa. Número máximo de caracteres: {MAX_PASSWORD_LENGTH}.',
  'This password is too common or appeared in a data breach. Choose another one.':
    'Esta palavra-passe é demasiado comum ou apareceu numa fuga de dados. Escolha outra.',
  'Do not build the password from your e-mail address or your name.':
    'Não construa a palavra-passe com o seu endereço de e-mail ou o seu nome.',
  'Keyboard patterns are easy to guess. Choose another password.':
    'Sequências do teclado são fáceis de adivinhar. Escolha outra palavra-passe.',
  'Repeated characters and sequences are easy to guess. Choose another password.':
    'Caracteres repetidos e sequências são fáceis de adivinhar. Escolha outra palavra-passe.',
  'Dates and years are easy to guess. Choose another password.':
    'Datas e anos são fáceis de adivinhar. Escolha outra palavra-passe.',
  'This password is too easy to guess. Add more words or characters.':
    'Esta palavra-passe é demasiado fácil de adivinhar. Acrescente mais palavras ou caracteres.',
  'After the slash, give the network prefix length: 0 to 32 for IPv4, 0 to 128 for IPv6.':
    'Depois da barra, indique o comprimento do prefixo de rede: 0 a 32 para IPv4, 0 a 128 para IPv6.',
  'A network such as 203.0.113.0/24 is a range already: leave the end empty.':
    'Uma rede como 203.0.113.0/24 já é um intervalo: deixe o fim em branco.',
};
