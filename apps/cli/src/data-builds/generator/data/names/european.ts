/** Continental European given names and surnames, most common first. */

export const GERMAN_MALE =
  'thomas,michael,andreas,stefan,christian,markus,alexander,daniel,martin,frank,jürgen,peter,klaus,tobias,sebastian,jan,florian,matthias,wolfgang,uwe,lukas,jonas,felix,maximilian,niklas,tim,philipp,dirk,ralf,sven,björn,jörg,günter,dieter,heinz,bernd,holger,kai,moritz,leon,paul,fabian,dominik,marcel,patrick,benedikt';
export const GERMAN_FEMALE =
  'sabine,susanne,petra,andrea,claudia,nicole,stefanie,julia,katharina,anna,laura,sandra,birgit,ute,monika,karin,christina,lena,lea,sophie,hannah,marie,jana,franziska,anja,kerstin,heike,silke,jutta,ursula,annika,johanna,carolin,miriam,vanessa,svenja,lisa,melanie,tanja';
export const GERMAN_LAST =
  'müller,schmidt,schneider,fischer,weber,meyer,wagner,becker,schulz,hoffmann,schäfer,koch,bauer,richter,klein,wolf,schröder,neumann,schwarz,zimmermann,braun,krüger,hofmann,hartmann,lange,schmitt,werner,schmitz,krause,meier,lehmann,schmid,schulze,maier,köhler,herrmann,könig,walter,mayer,huber,kaiser,fuchs,peters,lang,scholz,möller,weiß,jung,hahn,schubert,vogel,friedrich,keller,günther,frank,berger,winkler,roth,beck,lorenz,baumann,franke,albrecht,schuster,simon,ludwig,böhm,winter,kraus,martin,schumacher,krämer,vogt,stein,jäger,otto,sommer,groß,seidel,heinrich,brandt,haas,schreiber,graf,dietrich,ziegler,kuhn,kühn,pohl,engel,horn,busch,bergmann,thomas,voigt,sauer,arnold,wolff,pfeiffer';

export const FRENCH_MALE =
  'jean,pierre,michel,philippe,alain,nicolas,christophe,françois,laurent,éric,stéphane,julien,sébastien,olivier,david,frédéric,thierry,patrick,guillaume,antoine,maxime,romain,alexandre,thomas,lucas,hugo,louis,théo,mathieu,benoît,jérôme,cédric,rémi,yannick,hervé,bruno,didier,gaël,arnaud,clément';
export const FRENCH_FEMALE =
  'marie,nathalie,isabelle,sylvie,catherine,françoise,valérie,sandrine,christine,sophie,céline,stéphanie,julie,aurélie,camille,émilie,élodie,manon,léa,chloé,sarah,laura,anne,hélène,claire,mathilde,margaux,pauline,agnès,béatrice,geneviève,anaïs,inès,zoé,juliette,lucie,océane,noémie';
export const FRENCH_LAST =
  'martin,bernard,dubois,thomas,robert,richard,petit,durand,leroy,moreau,simon,laurent,lefèbvre,michel,garcia,david,bertrand,roux,vincent,fournier,morel,girard,andré,lefèvre,mercier,dupont,lambert,bonnet,françois,martinez,legrand,garnier,faure,rousseau,blanc,guérin,muller,henry,roussel,nicolas,perrin,morin,mathieu,clément,gauthier,dumont,lopez,fontaine,chevalier,robin,masson,sanchez,gérard,nguyen,boyer,denis,lemaire,duval,joly,gautier,roger,roche,roy,noël,meyer,lucas,meunier,jean,pérez,marchand,dufour,blanchard,marie,barbier,brun,dumas,brunet,schmitt,leroux,colin,fernandez,pierre,renard,arnaud,rolland,caron,aubert,giraud,leclerc,vidal,bourgeois,renaud,lemoine,picard,gaillard,philippe,leclercq,lacroix,fabre,dupuis,olivier,rodriguez,da silva,hubert,louis,charles,guillot,rivière,le gall,guillaume,adam,rey,moulin,gonzalez,berger,lecomte,ménard,fleury,deschamps,carpentier,julien,bénard,paris,maillard,marchal,aubry,vasseur,le roux,renault,jacquet,collet,prévost,poirier,charpentier,royer,huet,baron,dupuy,pons,paul,laine,carré,breton,rémy,schneider,perrot,guyot,barre,marty,cousin';

export const ITALIAN_MALE =
  'giuseppe,giovanni,antonio,mario,luigi,francesco,angelo,vincenzo,pietro,salvatore,carlo,franco,domenico,bruno,paolo,michele,giorgio,aldo,sergio,luciano,marco,andrea,alessandro,matteo,lorenzo,davide,simone,federico,riccardo,stefano,fabio,roberto,massimo,luca,gianluca,niccolò,emanuele,tommaso';
export const ITALIAN_FEMALE =
  'maria,anna,giuseppina,rosa,angela,giovanna,teresa,lucia,carmela,caterina,francesca,chiara,giulia,sara,martina,valentina,alessia,elena,silvia,federica,elisa,laura,paola,roberta,simona,barbara,cristina,alessandra,ilaria,beatrice,aurora,sofia,greta,noemi';
export const ITALIAN_LAST =
  "rossi,russo,ferrari,esposito,bianchi,romano,colombo,ricci,marino,greco,bruno,gallo,conti,de luca,mancini,costa,giordano,rizzo,lombardi,moretti,barbieri,fontana,santoro,mariani,rinaldi,caruso,ferrara,galli,martini,leone,longo,gentile,martinelli,vitale,lombardo,serra,coppola,de santis,d'angelo,marchetti,parisi,villa,conte,ferraro,ferri,fabbri,bianco,marini,grasso,valentini,messina,sala,de angelis,gatti,pellegrini,palumbo,sanna,farina,rizzi,monti,cattaneo,morelli,amato,silvestri,mazza,testa,grassi,pellegrino,carbone,giuliani,benedetti,barone,rossetti,caputo,montanari,guerra,palmieri,bernardi,martino,fiore,de rosa,ferretti,bellini,basile,riva,donati,piras,vitali,battaglia,sartori,neri,costantini,milani,pagano,ruggiero,sorrentino,d'amico,orlando,damico,negri";

export const DUTCH_MALE =
  'jan,johannes,peter,hendrik,cornelis,willem,pieter,gerrit,jacobus,dirk,daan,sem,lucas,levi,finn,bram,thijs,ruben,jeroen,bas,sander,maarten,niels,joost,wouter,rutger,erik,koen,stijn,lars';
export const DUTCH_FEMALE =
  'maria,anna,johanna,cornelia,elisabeth,emma,julia,sophie,tess,zoë,sanne,lotte,lisa,anouk,fleur,eva,femke,iris,marieke,inge,ingrid,esther,mirjam,annemarie,willemijn,noor,sara,roos';
export const DUTCH_LAST =
  'de jong,jansen,de vries,van den berg,van dijk,bakker,janssen,visser,smit,meijer,de boer,mulder,de groot,bos,vos,peters,hendriks,van leeuwen,dekker,brouwer,de wit,dijkstra,smits,de graaf,van der meer,van der linden,kok,jacobs,de haan,vermeulen,van den heuvel,van der veen,van den broek,de bruijn,de bruin,van der heijden,schouten,van beek,willems,van vliet,van de ven,hoekstra,maas,verhoeven,koster,van dam,van der wal,prins,blom,huisman';

export const NORDIC_MALE =
  'lars,anders,johan,erik,karl,per,nils,mikael,jan,hans,peter,fredrik,daniel,magnus,olof,stefan,mattias,henrik,björn,gustav,oscar,axel,william,hugo,elias,alexander,lucas,emil,viktor,linus';
export const NORDIC_FEMALE =
  'anna,eva,maria,karin,kristina,lena,sara,emma,kerstin,ingrid,marie,malin,jenny,hanna,linnéa,elin,ida,johanna,sofia,annika,åsa,maja,astrid,ebba,wilma,alva,saga,frida,moa,klara';
export const NORDIC_LAST =
  'andersson,johansson,karlsson,nilsson,eriksson,larsson,olsson,persson,svensson,gustafsson,pettersson,jonsson,jansson,hansson,bengtsson,jönsson,lindberg,jakobsson,magnusson,olofsson,lindström,lindqvist,lindgren,berg,axelsson,bergström,lundberg,lind,lundgren,lundqvist,mattsson,berglund,fredriksson,sandberg,henriksson,forsberg,sjöberg,wallin,engström,eklund,danielsson,lundin,håkansson,björk,bergman,gunnarsson,holm,wikström,samuelsson,fransson';

export const POLISH_MALE =
  'piotr,krzysztof,andrzej,tomasz,paweł,jan,michał,marcin,stanisław,jakub,adam,marek,łukasz,grzegorz,mateusz,wojciech,mariusz,dariusz,zbigniew,jerzy,maciej,rafał,kamil,robert,kacper,bartosz,szymon,dawid,przemysław,sebastian';
export const POLISH_FEMALE =
  'anna,maria,katarzyna,małgorzata,agnieszka,barbara,ewa,krystyna,magdalena,elżbieta,joanna,aleksandra,monika,zofia,teresa,danuta,natalia,karolina,marta,beata,dorota,justyna,paulina,weronika,julia,zuzanna,oliwia,wiktoria,maja,alicja';
/** Masculine forms; -ski/-cki/-dzki become -ska/-cka/-dzka for women. */
export const POLISH_LAST =
  'nowak,kowalski,wiśniewski,wójcik,kowalczyk,kamiński,lewandowski,zieliński,szymański,woźniak,dąbrowski,kozłowski,jankowski,mazur,wojciechowski,kwiatkowski,krawczyk,kaczmarek,piotrowski,grabowski,zając,pawłowski,michalski,król,wieczorek,jabłoński,wróbel,nowakowski,majewski,olszewski,stępień,malinowski,jaworski,adamczyk,dudek,nowicki,pawlak,górski,witkowski,walczak,sikora,baran,rutkowski,michalak,szewczyk,ostrowski,tomaszewski,pietrzak,zalewski,wróblewski';
