import type { TextCatalogue } from './localize';

/** The server's texts in Romanian, keyed by their English text (see ./localize.ts). */
export const ro: TextCatalogue = {
  'Choose a customer to act for.': 'Alegeți clientul în numele căruia acționați.',
  'Use YYYY-MM.': 'Folosiți formatul YYYY-MM.',
  'This account is not available.': 'Acest cont nu este disponibil.',
  'You hold the most accounts one customer can.': 'Aveți deja numărul maxim de conturi permis pentru un client.',
  'These payment instructions are not available.': 'Aceste date bancare nu sunt disponibile.',
  'Please sign in to continue.': 'Autentifică-te pentru a continua.',
  'fromCustomerId must be a customer id.': 'fromCustomerId trebuie să fie identificatorul unui client.',
  "Enter the payer's name (up to {MAX_PAYER_NAME_LENGTH} characters).":
    'Introduceți numele plătitorului (numărul maxim de caractere: {MAX_PAYER_NAME_LENGTH}).',
  'Enter the reference (up to {MAX_REMITTANCE_LENGTH} characters).':
    'Introduceți referința (numărul maxim de caractere: {MAX_REMITTANCE_LENGTH}).',
  'Bank transfers arrive in USD, EUR, GBP, CAD, AUD or RON.':
    'Transferurile bancare pot fi primite în USD, EUR, GBP, CAD, AUD sau RON.',
  'The amount must be greater than zero and not too large.':
    'Suma trebuie să fie mai mare decât zero și să nu fie prea mare.',
  'Up to {MAX_RAIL_REFERENCE_LENGTH} printable characters.':
    'Doar caractere imprimabile; numărul maxim de caractere: {MAX_RAIL_REFERENCE_LENGTH}.',
  'This payment was reported before with other details.': 'Această plată a fost raportată anterior cu alte date.',
  'There is no statement for this month.': 'Nu există extras pentru această lună.',
  'Customer not found.': 'Clientul nu a fost găsit.',
  'Incorrect e-mail or password.': 'Adresa de e-mail sau parola este greșită.',
  'Your account is not activated yet. Please follow the activation link we sent to your e-mail.':
    'Contul tău nu este încă activat. Folosește linkul de activare pe care ți l-am trimis pe e-mail.',
  'Your account is blocked. Please contact support.': 'Contul tău este blocat. Contactează asistența.',
  'This device is not linked (any more). Link it again from the app.':
    'Acest dispozitiv nu (mai) este asociat. Asociază-l din nou din aplicație.',
  'This sign-in code is invalid or has expired. Please sign in again.':
    'Acest cod de autentificare nu este valid sau a expirat. Autentifică-te din nou.',
  'Too many incorrect codes. Please sign in again.': 'Prea multe coduri greșite. Autentifică-te din nou.',
  'Enter the 6-digit code.': 'Introdu codul din 6 cifre.',
  'This code has expired. Ask for a new one.': 'Acest cod a expirat. Cere un cod nou.',
  'The code is incorrect. Attempts left: {attemptsLeft}.': 'Codul este greșit. Încercări rămase: {attemptsLeft}.',
  'This link has expired or was used. Show a new QR code on the website.':
    'Acest link a expirat sau a fost deja folosit. Afișează un cod QR nou pe site.',
  "This device doesn't exist or isn't yours.": 'Acest dispozitiv nu există sau nu este al tău.',
  'You can link up to {MAX_DEVICES_PER_USER} devices. Remove one first.':
    'Numărul maxim de dispozitive asociate este {MAX_DEVICES_PER_USER}. Elimină mai întâi unul.',
  'This device is already approved.': 'Acest dispozitiv este deja aprobat.',
  'This method is not available to you.': 'Această metodă nu îți este disponibilă.',
  'This approval has ended. Please start it again.': 'Această aprobare s-a încheiat. Reia-o de la început.',
  'Start the approval with this method first.': 'Începe mai întâi aprobarea cu această metodă.',
  'The code is incorrect or has expired.': 'Codul este greșit sau a expirat.',
  'Too many incorrect codes. Please start the approval again.':
    'Prea multe coduri greșite. Reia aprobarea de la început.',
  'This device is not waiting for your answer.': 'Acest dispozitiv nu așteaptă răspunsul tău.',
  'Set up the authenticator app for sign-in first, then use it for approvals.':
    'Configurează mai întâi aplicația de autentificare pentru autentificări, apoi o poți folosi și pentru aprobări.',
  'Enter the phone number the codes should go to.': 'Introdu numărul de telefon la care să trimitem codurile.',
  'Link a mobile device first: push approvals go to it.':
    'Asociază mai întâi un dispozitiv mobil: aprobările prin notificare ajung pe el.',
  'This change has ended. Please start again.': 'Această modificare s-a încheiat. Reia de la început.',
  'The change was declined on your device.': 'Modificarea a fost refuzată pe dispozitivul tău.',
  'The code is incorrect.': 'Codul este greșit.',
  'This code has expired. Please start again.': 'Acest cod a expirat. Reia de la început.',
  'Too many incorrect codes. Please start again.': 'Prea multe coduri greșite. Reia de la început.',
  'This change is not waiting for your answer.': 'Această modificare nu așteaptă răspunsul tău.',
  'The new passwords do not match.': 'Parolele noi nu se potrivesc.',
  'Choose a password different from the current one.': 'Alege o parolă diferită de cea actuală.',
  'This password change has ended. Please start again.':
    'Această schimbare a parolei s-a încheiat. Reia de la început.',
  'Too many incorrect codes. Please start the password change again.':
    'Prea multe coduri greșite. Reia schimbarea parolei de la început.',
  'This sign-in has ended. Please sign in again.': 'Această autentificare s-a încheiat. Autentifică-te din nou.',
  'This sign-in is not waiting for your answer.': 'Această autentificare nu așteaptă răspunsul tău.',
  'Enter your password again to change security settings.':
    'Introdu din nou parola pentru a schimba setările de securitate.',
  'Enter your password to continue.': 'Introdu parola pentru a continua.',
  'Too many incorrect passwords. Please sign in again.': 'Prea multe parole greșite. Autentifică-te din nou.',
  'The password is incorrect.': 'Parola este greșită.',
  'Enter the 6-digit code from your authenticator app.': 'Introdu codul din 6 cifre din aplicația de autentificare.',
  'This set-up request has ended. Please start again.':
    'Această cerere de configurare s-a încheiat. Reia de la început.',
  'The code is incorrect. Check the time on your phone.':
    'Codul este greșit. Verifică dacă ora de pe telefon este corectă.',
  'Too many incorrect codes. Please start the set-up again.':
    'Prea multe coduri greșite. Reia configurarea de la început.',
  'No code was sent for this request.': 'Nu a fost trimis niciun cod pentru această cerere.',
  "This session doesn't exist or has ended.": 'Această sesiune nu există sau s-a încheiat.',
  'Set up the authenticator app to continue.': 'Configurează aplicația de autentificare pentru a continua.',
  'No customer is linked to this sign-in.': 'Niciun client nu este asociat acestui cont de autentificare.',
  'These terms are not waiting for your acceptance.': 'Acești termeni nu sunt în așteptarea acceptării.',
  'This customer does not exist.': 'Acest client nu există.',
  'Keep the payload under {MAX_LIVE_PAYLOAD_BYTES} bytes':
    'Dimensiunea datelor (în octeți) trebuie să fie sub {MAX_LIVE_PAYLOAD_BYTES}',
  'Give exactly one of userId and customerId': 'Indicați exact unul dintre userId și customerId',
  'At most 400 days ahead.': 'Cel mult 400 de zile în viitor.',
  'This document does not exist.': 'Acest document nu există.',
  'This document has already been reviewed.': 'Acest document a fost deja verificat.',
  'A customer has at most 10 open limit reasons.': 'Un client poate avea cel mult 10 motive de limitare deschise.',
  'This customer is not limited.': 'Acest client nu este limitat.',
  'The data part is missing.': 'Lipsește partea cu datele.',
  'The data part must be JSON.': 'Partea cu datele trebuie să fie în format JSON.',
  'Attach the document.': 'Atașați documentul.',
  'Attach the document that proves the address.': 'Atașați documentul care dovedește adresa.',
  'Each side can be uploaded once.': 'Fiecare parte a documentului poate fi încărcată o singură dată.',
  'Upload both the front and the back of the document.': 'Încărcați atât fața, cât și verso-ul documentului.',
  'Upload the document.': 'Încărcați documentul.',
  'Upload the front of the document.': 'Încărcați fața documentului.',
  'This document has expired.': 'Acest document a expirat.',
  'This document does not exist or is not yours.': 'Acest document nu există sau nu vă aparține.',
  'This limit reason does not exist or is resolved.': 'Acest motiv de limitare nu există sau a fost deja rezolvat.',
  'This reason does not ask for that document.': 'Acest motiv nu necesită documentul respectiv.',
  'Your due diligence does not ask for this document.':
    'Verificarea suplimentară a contului dvs. nu necesită acest document.',
  'A video identity session is already in progress.': 'O sesiune de identificare video este deja în desfășurare.',
  'This video identity session does not exist.': 'Această sesiune de identificare video nu există.',
  'This export is not available.': 'Acest export nu este disponibil.',
  'This export has expired. Please start a new one.': 'Acest export a expirat. Porniți unul nou.',
  'This export is still being prepared.': 'Acest export este încă în pregătire.',
  'This page link is not valid; start from the first page.':
    'Linkul acestei pagini nu este valid; începeți de la prima pagină.',
  'The amount must be greater than zero.': 'Suma trebuie să fie mai mare decât zero.',
  'The amount is too large.': 'Suma este prea mare.',
  'The amount must not be zero.': 'Suma nu poate fi zero.',
  'The source and destination accounts are the same.': 'Contul sursă și contul de destinație sunt identice.',
  'The amount is more than was reserved.': 'Suma depășește suma rezervată.',
  'The credits must be positive, to other accounts, and add up to the amount.':
    'Creditările trebuie să fie pozitive, către alte conturi, iar totalul lor trebuie să fie egal cu suma.',
  'This payment was already completed.': 'Această plată a fost deja finalizată.',
  'This payment was already cancelled.': 'Această plată a fost deja anulată.',
  'This payment reservation has expired.': 'Rezervarea pentru această plată a expirat.',
  'Insufficient funds.': 'Fonduri insuficiente.',
  'The account holds {expected}.': 'Moneda contului este {expected}.',
  'Account not found.': 'Contul nu a fost găsit.',
  'This account is closed.': 'Acest cont este închis.',
  'An account can be closed only with a zero balance and no pending payments.':
    'Un cont poate fi închis doar dacă are soldul zero și nicio plată în așteptare.',
  'Payment not found.': 'Plata nu a fost găsită.',
  'Transaction not found.': 'Tranzacția nu a fost găsită.',
  'This transaction was already reversed.': 'Această tranzacție a fost deja stornată.',
  'The money arrives at once and the payee is told right away. Transfers to other banks keep their usual fees.':
    'Banii ajung imediat, iar destinatarul este anunțat pe loc. Transferurile către alte bănci au în continuare comisioanele obișnuite.',
  'Please accept the new fee schedule, or decline it and our team will contact you about your options.':
    'Te rugăm să accepți noua listă de comisioane sau să o refuzi, iar echipa noastră te va contacta în legătură cu opțiunile tale.',
  'Announcement not found.': 'Anunțul nu a fost găsit.',
  'This announcement needs no answer.': 'Acest anunț nu necesită niciun răspuns.',
  'This announcement was already answered.': 'Ai răspuns deja la acest anunț.',
  'You can keep at most {MAX_EMAILS} e-mails.':
    'Numărul maxim de adrese de e-mail pe care le puteți păstra este {MAX_EMAILS}.',
  'You already added this e-mail.': 'Ați adăugat deja această adresă de e-mail.',
  'This e-mail does not exist or is not yours.': 'Această adresă de e-mail nu există sau nu vă aparține.',
  'This e-mail is already confirmed.': 'Această adresă de e-mail este deja confirmată.',
  'Too many wrong codes. Ask for a new one.': 'Prea multe coduri greșite. Cereți un cod nou.',
  'The code is not right.': 'Codul nu este corect.',
  'Make another e-mail primary before deleting this one.':
    'Setați altă adresă de e-mail ca principală înainte de a o șterge pe aceasta.',
  'Confirm this e-mail first.': 'Confirmați mai întâi această adresă de e-mail.',
  'You already sign in with this e-mail.': 'Vă autentificați deja cu această adresă de e-mail.',
  'Another account uses this e-mail.': 'Această adresă de e-mail este folosită de alt cont.',
  'This request does not exist or is not yours.': 'Această cerere nu există sau nu vă aparține.',
  'This request is no longer open. Start a new one.': 'Această cerere nu mai este deschisă. Începeți una nouă.',
  'This code has expired. Start a new request.': 'Acest cod a expirat. Începeți o cerere nouă.',
  'Too many wrong codes. Start a new request.': 'Prea multe coduri greșite. Începeți o cerere nouă.',
  'Another account took this e-mail meanwhile.': 'Între timp, această adresă de e-mail a fost preluată de alt cont.',
  'This is not a valid mobile number.': 'Acesta nu este un număr de mobil valid.',
  'You can keep at most {MAX_PHONES} phones.': 'Numărul maxim de telefoane pe care le puteți păstra este {MAX_PHONES}.',
  'You already added this number.': 'Ați adăugat deja acest număr.',
  'This phone does not exist or is not yours.': 'Acest telefon nu există sau nu vă aparține.',
  'Confirm this phone first, or add a new one.': 'Confirmați mai întâi acest telefon sau adăugați unul nou.',
  'This phone is already confirmed.': 'Acest telefon este deja confirmat.',
  'Ask for a new code first.': 'Cereți mai întâi un cod nou.',
  'Confirm this phone first.': 'Confirmați mai întâi acest telefon.',
  'The data part is not JSON.': 'Partea cu datele nu este în format JSON.',
  'Each part can hold one file.': 'Fiecare parte poate conține un singur fișier.',
  'This address does not exist or is not yours.': 'Această adresă nu există sau nu vă aparține.',
  'Finish or delete the addresses in draft first.': 'Finalizați sau ștergeți mai întâi adresele aflate în ciornă.',
  'You already have this address. Replace it instead.':
    'Aveți deja această adresă. Înlocuiți-o în loc să o adăugați din nou.',
  'You have a new address in draft. Confirm or delete it first.':
    'Aveți o adresă nouă în ciornă. Confirmați-o sau ștergeți-o mai întâi.',
  'Only an address in use can be replaced.': 'Poate fi înlocuită doar o adresă folosită în prezent.',
  'A replacement is the same kind of address.': 'Adresa nouă trebuie să fie de același tip ca cea înlocuită.',
  'The documents of this address are already under review or confirmed.':
    'Documentele acestei adrese sunt deja în verificare sau confirmate.',
  'This address is no longer in use.': 'Această adresă nu mai este folosită.',
  'Choose the relationship document type.': 'Alegeți tipul documentului de relație.',
  'This address was already confirmed.': 'Această adresă a fost deja confirmată.',
  'Upload the document that proves the address first.': 'Încărcați mai întâi documentul care dovedește adresa.',
  'The address this replaces is no longer in use. Start again.':
    'Adresa pe care o înlocuiește aceasta nu mai este folosită. Începeți din nou.',
  'Your home address can be replaced, not deleted.': 'Adresa de domiciliu poate fi înlocuită, dar nu ștearsă.',
  'This code is not right. Check the latest activation e-mail.':
    'Acest cod nu este corect. Verifică cel mai recent e-mail de activare.',
  'This code is not right. Tries left: {attemptsLeft}.': 'Acest cod nu este corect. Încercări rămase: {attemptsLeft}.',
  'Too many wrong codes. Request a new code.': 'Prea multe coduri greșite. Cere un cod nou.',
  'This code has expired. Request a new code.': 'Acest cod a expirat. Cere un cod nou.',
  'This account is already active. Sign in.': 'Acest cont este deja activ. Autentifică-te.',
  'This invitation asks for your name and a password: open the link in the invitation e-mail.':
    'Pentru această invitație sunt necesare numele tău și o parolă: deschide linkul din e-mailul de invitație.',
  'This code does not belong to an invitation. Activate the account on the activation page.':
    'Acest cod nu aparține unei invitații. Activează contul pe pagina de activare.',
  'This password reset has expired. Please start again.': 'Această resetare a parolei a expirat. Reia de la început.',
  'Registration is not available here. Please contact support.':
    'Înregistrarea nu este disponibilă aici. Contactează asistența.',
  'Choose one of the types offered.': 'Alege unul dintre tipurile propuse.',
  'Enter a valid phone number, with the country code if it is not from the country you chose.':
    'Introdu un număr de telefon valid, cu prefixul țării dacă nu este din țara aleasă.',
  'An account with this e-mail address already exists. Sign in, or reset your password.':
    'Există deja un cont cu această adresă de e-mail. Autentifică-te sau resetează parola.',
  'An account with this phone number already exists.': 'Există deja un cont cu acest număr de telefon.',
  'The terms have changed since this page was opened. Please read and accept them again.':
    'Termenii s-au schimbat de când ai deschis această pagină. Citește-i și acceptă-i din nou.',
  'The blacklist holds at most {MAX_BLACKLIST_ENTRIES} e-mails. Remove one first.':
    'Numărul maxim de adrese de e-mail din lista neagră este {MAX_BLACKLIST_ENTRIES}. Elimină mai întâi una.',
  'This e-mail is not on your blacklist.': 'Această adresă de e-mail nu este în lista ta neagră.',
  'Access from your IP address is not allowed for this account.':
    'Accesul de la adresa ta IP nu este permis pentru acest cont.',
  'Enter an IPv4 address such as 203.0.113.5 or an IPv6 address.':
    'Introdu o adresă IPv4, de exemplu 203.0.113.5, sau o adresă IPv6.',
  'Both ends of a range must be IPv4, or both IPv6.':
    'Ambele capete ale intervalului trebuie să fie IPv4 sau ambele IPv6.',
  'The end of the range must not come before its start.':
    'Sfârșitul intervalului nu poate fi înaintea începutului său.',
  'After the slash, give the network prefix length: 0 to 32 for IPv4, 0 to 128 for IPv6.':
    'După bară, indică lungimea prefixului de rețea: între 0 și 32 pentru IPv4, între 0 și 128 pentru IPv6.',
  'A network such as 203.0.113.0/24 is a range already: leave the end empty.':
    'O rețea precum 203.0.113.0/24 este deja un interval: lasă goală ultima adresă.',
  'This change would block the IP address you are using now. Confirm it if you mean to lose access from here.':
    'Această modificare ar bloca adresa IP pe care o folosești acum. Confirm-o doar dacă accepți să pierzi accesul de aici.',
  'The list holds at most {MAX_IP_ALLOW_LIST_ENTRIES} entries. Remove one first.':
    'Numărul maxim de intrări din listă este {MAX_IP_ALLOW_LIST_ENTRIES}. Elimină mai întâi una.',
  'Security messages are always sent: they cannot be switched off.':
    'Mesajele de securitate sunt trimise întotdeauna: nu pot fi dezactivate.',
  'Choose the customer to act for first.': 'Alegeți mai întâi clientul în numele căruia acționați.',
  'This sign-in request does not exist or has already been answered.':
    'Această cerere de autentificare nu există sau a primit deja un răspuns.',
  'This application is not registered for sign-in.': 'Această aplicație nu este înregistrată pentru autentificare.',
  'This return address is not registered for the application.':
    'Această adresă de revenire nu este înregistrată pentru aplicație.',
  'The application may not ask for this.': 'Aplicația nu are dreptul să ceară acest lucru.',
  'This sign-in request belongs to another user.': 'Această cerere de autentificare aparține altui utilizator.',
  'Client authentication failed.': 'Autentificarea aplicației client a eșuat.',
  'The code is not valid, has expired or was already used.': 'Codul nu este valid, a expirat sau a fost deja folosit.',
  'Send the approving user’s e-mail.': 'Trimiteți adresa de e-mail a utilizatorului care aprobă.',
  'This approval belongs to another user.': 'Această aprobare aparține altui utilizator.',
  'No exchange rate for this currency.': 'Nu există curs de schimb pentru această monedă.',
  'This currency is not supported.': 'Această monedă nu este acceptată.',
  'The value is below the smallest representable one.':
    'Valoarea este mai mică decât cea mai mică valoare care poate fi reprezentată.',
  'Transfers to other customers cannot be made in {currency}.':
    'Transferurile către alți clienți nu se pot face în {currency}.',
  'Choose how often the transfer repeats.': 'Alegeți cât de des se repetă transferul.',
  'Choose an end date, a number of transfers, or to repeat until you cancel.':
    'Alegeți o dată de final, un număr de transferuri sau repetarea până la anulare.',
  'The end date must be on or after the second transfer, {secondRun}.':
    'Data de final trebuie să fie cel mai devreme data celui de-al doilea transfer, {secondRun}.',
  'This pre-approved payment is not available.': 'Această plată preautorizată nu este disponibilă.',
  'This transfer is not waiting for approval.': 'Acest transfer nu așteaptă aprobare.',
  'This transfer is not available.': 'Acest transfer nu este disponibil.',
  'This transfer is already completed.': 'Acest transfer este deja finalizat.',
  'The time to approve this transfer ran out. The funds were released.':
    'Timpul pentru aprobarea acestui transfer a expirat. Fondurile au fost deblocate.',
  'Too many incorrect codes. The transfer was rejected and the funds released.':
    'Prea multe coduri greșite. Transferul a fost respins, iar fondurile au fost deblocate.',
  'This transfer was rejected. The funds were released.': 'Acest transfer a fost respins. Fondurile au fost deblocate.',
  'Only the user who made this transfer can approve it.':
    'Doar utilizatorul care a inițiat acest transfer îl poate aproba.',
  'Approve this transfer in the mobile app on your linked device.':
    'Aprobați acest transfer în aplicația mobilă de pe dispozitivul asociat.',
  'This transfer is not waiting for your answer.': 'Acest transfer nu așteaptă răspunsul dvs.',
  'Nothing is sent for this approval: use the code in your authenticator app.':
    'Pentru această aprobare nu se trimite nimic: folosiți codul din aplicația de autentificare.',
  'The smallest amount is {smallest} {currency}.': 'Suma minimă este {smallest} {currency}.',
  'The most you can send in one transfer is {most} {currency}.':
    'Suma maximă pe care o puteți trimite într-un transfer este {most} {currency}.',
  'This would pass your daily limit of {dailyLimit} {currency}.':
    'Astfel ați depăși limita zilnică: {dailyLimit} {currency}.',
  'The amount is too small to convert.': 'Suma este prea mică pentru a fi convertită.',
  'Choose two different accounts.': 'Alegeți două conturi diferite.',
  'The amount must be in {from_currency} or {to_currency}.':
    'Suma trebuie să fie în {from_currency} sau {to_currency}.',
  'No customer signs in with this e-mail.': 'Niciun client nu se autentifică cu această adresă de e-mail.',
  'This is your own e-mail. Use a transfer between your accounts instead.':
    'Aceasta este propria dvs. adresă de e-mail. Folosiți în schimb un transfer între conturile dvs.',
  'Transfers between you and this customer are blocked by a payout blacklist.':
    'Transferurile dintre dvs. și acest client sunt blocate de o listă neagră de plăți.',
  'This template is not available.': 'Acest șablon nu este disponibil.',
  'Your access to this company does not allow sending money.':
    'Accesul dvs. la această companie nu permite trimiterea de bani.',
  'You can keep up to {MAX_TRANSFER_TEMPLATES} templates. Delete one first.':
    'Numărul maxim de șabloane este {MAX_TRANSFER_TEMPLATES}. Ștergeți mai întâi unul.',
  'Due diligence asks nothing of this customer.': 'Verificarea suplimentară nu cere nimic de la acest client.',
  'Only a personal customer updates personal info.':
    'Doar un client persoană fizică își poate actualiza datele personale.',
  'Business customers verify through business KYC.':
    'Clienții persoane juridice se verifică prin procedura de verificare pentru companii.',
  'Upload your identity document.': 'Încărcați actul de identitate.',
  'Upload a proof of address.': 'Încărcați o dovadă a adresei.',
  'Please check the highlighted fields.': 'Verifică câmpurile evidențiate.',
  'Invalid parameters.': 'Parametri nevalizi.',
  'Your session has expired. Please sign in again.': 'Sesiunea ta a expirat. Autentifică-te din nou.',
  "You don't have access to this.": 'Nu ai acces la această secțiune.',
  'Please accept the updated terms to continue.': 'Acceptă termenii actualizați pentru a continua.',
  'Too many attempts. Please wait and try again.': 'Prea multe încercări. Așteaptă puțin și încearcă din nou.',
  'This request key was already used with different details.':
    'Această cheie de cerere a fost deja folosită cu alte date.',
  'The request key must be 1 to {MAX_IDEMPOTENCY_KEY_LENGTH} printable characters without spaces.':
    'Cheia cererii trebuie să conțină doar caractere imprimabile, fără spații, iar lungimea ei trebuie să fie între 1 și {MAX_IDEMPOTENCY_KEY_LENGTH}.',
  'The request body must be a JSON object.': 'Corpul cererii trebuie să fie un obiect JSON.',
  'The method is missing or does not match the query.': 'Metoda lipsește sau nu corespunde celei din interogare.',
  'Unknown method {methodName}.': 'Metodă necunoscută: {methodName}.',
  'This action cannot be taken for another customer.': 'Această acțiune nu poate fi efectuată pentru alt client.',
  'The file is larger than {megabytes} MB.': 'Fișierul depășește {megabytes} MB.',
  'Upload a PDF, JPEG, PNG or HEIC file.': 'Încărcați un fișier PDF, JPEG, PNG sau HEIC.',
  'The file is empty.': 'Fișierul este gol.',
  'Send the files as multipart/form-data.': 'Trimiteți fișierele ca multipart/form-data.',
  'Unexpected file field {field}.': 'Câmp de fișier neașteptat: {field}.',
  'At most {maxFiles} files at once.': 'Numărul maxim de fișiere trimise odată: {maxFiles}.',
  'The upload is not valid.': 'Încărcarea nu este validă.',
  'Not found': 'Nu a fost găsit',
  'Use the yyyy-mm-dd format': 'Folosiți formatul yyyy-mm-dd',
  'Letters, digits and dots only': 'Doar litere, cifre și puncte',
  'The start date must not be after the end date': 'Data de început nu poate fi după data de final',
  'Code challenge must be 43 to 128 characters of letters, digits, "-", ".", "_" or "~"':
    'Provocarea PKCE trebuie să aibă între 43 și 128 de caractere: litere, cifre, "-", ".", "_" sau "~"',
  'Code verifier must be 43 to 128 unreserved characters':
    'Verificatorul PKCE trebuie să aibă între 43 și 128 de caractere nerezervate',
  'Enter the 6-digit code': 'Introdu codul din 6 cifre',
  'A two-letter country code': 'Un cod de țară din două litere',
  'Enter an amount such as 10.50.': 'Introduceți o sumă, de exemplu 10.50.',
  'The end date is before the start date.': 'Data de final este înaintea datei de început.',
  'The maximum is below the minimum.': 'Maximul este mai mic decât minimul.',
  'Each language once': 'Fiecare limbă o singură dată',
  'Give the ids, or all: true': 'Indicați identificatorii (ids) sau all: true',
  'Enter the address.': 'Introduceți adresa.',
  'Enter the city.': 'Introduceți orașul.',
  'Enter the postal code.': 'Introduceți codul poștal.',
  'Letters, digits, spaces and dashes only.': 'Doar litere, cifre, spații și cratime.',
  'The country code is digits only, without +.': 'Prefixul țării conține doar cifre, fără +.',
  'Enter the number in digits.': 'Introduceți numărul în cifre.',
  'Not a PKCE challenge.': 'Nu este o provocare PKCE validă.',
  'Enter the code from the SMS.': 'Introduceți codul din SMS.',
  'Not a PKCE verifier.': 'Nu este un verificator PKCE valid.',
  'Send the code with its verifier, or the reqId with the approval code.':
    'Trimiteți codul împreună cu verificatorul său sau reqId împreună cu codul de aprobare.',
  'Enter the code from the e-mail.': 'Introduceți codul din e-mail.',
  'Enter the tax number.': 'Introduceți codul fiscal.',
  'Letters, digits, dots, slashes and dashes only.': 'Doar litere, cifre, puncte, bare oblice și cratime.',
  'Enter a name.': 'Introdu un nume.',
  'Accept the terms to continue.': 'Acceptă termenii pentru a continua.',
  'Enter your e-mail address.': 'Introdu adresa de e-mail.',
  'The passwords do not match.': 'Parolele nu coincid.',
  'This reset link is not valid.': 'Acest link de resetare nu este valid.',
  'Enter the number with its country code, e.g. +44 7700 900123.':
    'Introdu numărul cu prefixul țării, de exemplu +44 7700 900123.',
  'Send either mode or typeMode.': 'Trimite fie mode, fie typeMode.',
  'Your password has been successfully updated. Please link your mobile device again to keep approving with it.':
    'Parola ta a fost actualizată cu succes. Asociază din nou dispozitivul mobil ca să poți aproba în continuare cu el.',
  'Use the format YYYY-MM-DD.': 'Folosește formatul YYYY-MM-DD.',
  'The start date must not be after the end date.': 'Data de început nu poate fi după data de sfârșit.',
  'Enter an IP address.': 'Introdu o adresă IP.',
  'This is not an IP address.': 'Aceasta nu este o adresă IP.',
  'Choose a block type.': 'Alege un tip de blocare.',
  'The user with the e-mail has been added to the black list.':
    'Utilizatorul cu această adresă de e-mail a fost adăugat în lista neagră.',
  'Unknown notification setting.': 'Setare de notificare necunoscută.',
  'Unknown client.': 'Aplicație client necunoscută.',
  'Scopes are {scopes}.': 'Permisiunile posibile sunt: {scopes}.',
  'The request key must be 1 to 128 printable characters without spaces.':
    'Cheia cererii trebuie să aibă între 1 și 128 de caractere imprimabile, fără spații.',
  'Enter an amount such as 12.34.': 'Introduceți o sumă, de exemplu 12.34.',
  'Enter a date as YYYY-MM-DD.': 'Introduceți o dată în formatul YYYY-MM-DD.',
  'You must be at least 18.': 'Trebuie să aveți cel puțin 18 ani.',
  'Check the year of birth.': 'Verificați anul nașterii.',
  'Say why the document is rejected.': 'Precizați de ce este respins documentul.',
  'Say why.': 'Precizați motivul.',
  'Each document once.': 'Fiecare document o singură dată.',
  'Use at least {MIN_PASSWORD_LENGTH} characters.': 'Numărul minim de caractere este {MIN_PASSWORD_LENGTH}.',
  'Use at most {MAX_PASSWORD_LENGTH} characters.': 'Numărul maxim de caractere este {MAX_PASSWORD_LENGTH}.',
  'This password is too common or appeared in a data breach. Choose another one.':
    'Această parolă este prea des folosită sau a apărut într-o scurgere de date. Alege alta.',
  'Do not build the password from your e-mail address or your name.':
    'Nu construi parola pornind de la adresa de e-mail sau de la numele tău.',
  'Keyboard patterns are easy to guess. Choose another password.':
    'Combinațiile de taste alăturate sunt ușor de ghicit. Alege altă parolă.',
  'Repeated characters and sequences are easy to guess. Choose another password.':
    'Caracterele repetate și secvențele sunt ușor de ghicit. Alege altă parolă.',
  'Dates and years are easy to guess. Choose another password.':
    'Datele calendaristice și anii sunt ușor de ghicit. Alege altă parolă.',
  'This password is too easy to guess. Add more words or characters.':
    'Această parolă este prea ușor de ghicit. Adaugă mai multe cuvinte sau caractere.',
  'Enter a valid phone number with its country code, e.g. +44 7700 900123.':
    'Introduceți un număr de telefon valid, cu prefixul țării, de ex. +44 7700 900123.',
};
