/** Given names and surnames of the other cultures the generator draws from, most common first. */

export const HISPANIC_MALE =
  'josé,juan,luis,carlos,jorge,miguel,antonio,jesús,francisco,alejandro,manuel,pedro,javier,ricardo,fernando,roberto,david,daniel,eduardo,rafael,sergio,raúl,andrés,mario,diego,pablo,óscar,héctor,alberto,enrique,arturo,ramón,guillermo,gustavo,rubén,ángel,iván,santiago,mateo,sebastián,emiliano,joaquín,martín,gonzalo,adrián,álvaro,hugo,nicolás';
export const HISPANIC_FEMALE =
  'maría,guadalupe,juana,margarita,verónica,rosa,leticia,ana,elizabeth,patricia,carmen,laura,gabriela,alejandra,adriana,claudia,isabel,lucía,sofía,valentina,camila,daniela,mariana,fernanda,paula,andrea,natalia,silvia,beatriz,teresa,mónica,elena,cristina,raquel,pilar,marta,lorena,ximena,regina,renata,victoria,inés,dolores,concepción,rocío,marisol';
export const HISPANIC_LAST =
  'garcía,rodríguez,martínez,hernández,lópez,gonzález,pérez,sánchez,ramírez,torres,flores,rivera,gómez,díaz,cruz,morales,reyes,gutiérrez,ortiz,chávez,ruiz,jiménez,mendoza,álvarez,castillo,romero,vásquez,moreno,herrera,medina,aguilar,vargas,castro,guzmán,fernández,muñoz,ramos,núñez,domínguez,salazar,soto,delgado,peña,rojas,contreras,navarro,vega,cortés,ibarra,campos,luna,estrada,sandoval,cabrera,serrano,ríos,molina,blanco,suárez,iglesias,santana,guerrero,márquez,fuentes,carrillo,espinoza,león,ortega,velasco,zamora,acosta,ochoa,valdez,mejía,ayala,cervantes,villanueva,de la cruz,del río,de león';

export const BRAZILIAN_MALE =
  'joão,josé,antônio,francisco,carlos,paulo,pedro,lucas,luiz,marcos,luis,gabriel,rafael,daniel,marcelo,bruno,eduardo,felipe,raimundo,rodrigo,thiago,gustavo,matheus,leonardo,guilherme,vinícius,andré,fernando,fábio,ricardo,diego,caio,otávio,heitor,arthur,davi,bernardo,samuel';
export const BRAZILIAN_FEMALE =
  'maria,ana,francisca,antônia,adriana,juliana,márcia,fernanda,patrícia,aline,sandra,camila,amanda,bruna,jéssica,letícia,júlia,luciana,vanessa,mariana,gabriela,vera,vitória,larissa,cláudia,beatriz,luana,rita,sônia,renata,eliane,débora,alice,helena,valentina,laura,isabela,manuela';
export const BRAZILIAN_LAST =
  'silva,santos,oliveira,souza,rodrigues,ferreira,alves,pereira,lima,gomes,costa,ribeiro,martins,carvalho,almeida,lopes,soares,fernandes,vieira,barbosa,rocha,dias,nascimento,andrade,moreira,nunes,marques,machado,mendes,freitas,cardoso,ramos,gonçalves,santana,teixeira,araújo,cavalcanti,conceição,monteiro,batista,pinto,correia,moura,campos,castro,rezende,azevedo,magalhães,guimarães,brandão';

export const INDIAN_MALE =
  'rahul,amit,rajesh,suresh,vijay,arjun,rohit,sanjay,anil,deepak,vikram,karthik,arun,ravi,srinivas,manoj,ajay,ramesh,sunil,prakash,ashok,naveen,vivek,abhishek,aditya,nikhil,pradeep,gaurav,harish,krishna,mahesh,rakesh,sachin,sandeep,siddharth,varun,venkatesh,aravind,mohan,aakash,ankit,dinesh,hari,kiran,pranav,rohan,sameer,tarun,yash,aman';
export const INDIAN_FEMALE =
  'priya,anjali,pooja,neha,divya,kavya,sneha,lakshmi,deepa,sunita,ananya,swati,shreya,aishwarya,meera,nisha,ritu,anita,kavitha,radha,sangeetha,shalini,preeti,archana,bhavana,chitra,geeta,harini,isha,jyoti,keerthi,lavanya,madhuri,nandini,padma,rekha,sapna,tanvi,uma,vidya';
export const INDIAN_LAST =
  'sharma,patel,singh,kumar,gupta,reddy,rao,iyer,nair,shah,mehta,joshi,verma,agarwal,menon,pillai,chopra,malhotra,das,banerjee,mukherjee,chatterjee,desai,kulkarni,jain,bhat,krishnan,naidu,yadav,mishra,pandey,srinivasan,subramanian,raghavan,venkatesan,bose,ghosh,sen,kapoor,khanna,saxena,trivedi,chauhan,thakur,rajan,gill,sethi,bhatt,hegde,shetty';

export const CHINESE_MALE =
  'wei,jun,hao,lei,jian,ming,tao,yong,jie,bo,chao,peng,hui,gang,feng,long,bin,kai,yu,xiang,zhen,kevin,jason,david,michael,eric,vincent,daniel,alan,jimmy';
export const CHINESE_FEMALE =
  'li,ying,xin,mei,jing,yan,fang,hui,lin,xiao,na,juan,qing,lan,hong,yun,ling,min,xiu,jia,grace,michelle,jennifer,vivian,cindy,amy,helen,karen,angela,tiffany';
export const CHINESE_LAST =
  'wang,li,zhang,liu,chen,yang,huang,zhao,wu,zhou,xu,sun,ma,zhu,hu,guo,he,lin,gao,luo,zheng,liang,xie,song,tang,han,feng,deng,cao,peng,wong,chan,cheung,lau,ng,leung,lee,tan,lim,ong,teo,goh,chua,koh,yeo,tay,lo,ho,yip,kwok';

export const JAPANESE_MALE =
  'hiroshi,takashi,kenji,daisuke,yuki,haruto,shota,kazuki,takuya,ryota,makoto,satoshi,akira,naoki,yusuke,kenta,tatsuya,hiroki,koji,masato,yuta,sota,ren,minato,riku,kaito,shun,taro,ichiro,jun';
export const JAPANESE_FEMALE =
  'yuko,yui,haruka,aiko,naoko,keiko,sakura,misaki,yoko,tomoko,akiko,kumiko,emi,mai,ayaka,nanami,rina,saki,kana,yumi,hina,mei,aoi,rin,mio,yuna,kaori,megumi,mayumi,noriko';
export const JAPANESE_LAST =
  'sato,suzuki,takahashi,tanaka,watanabe,ito,yamamoto,nakamura,kobayashi,kato,yoshida,yamada,sasaki,yamaguchi,matsumoto,inoue,kimura,hayashi,shimizu,saito,yamazaki,mori,abe,ikeda,hashimoto,yamashita,ishikawa,nakajima,maeda,fujita,ogawa,goto,okada,hasegawa,murakami,kondo,ishii,sakamoto,endo,aoki';

export const ARABIC_MALE =
  'mohammed,ahmed,ali,omar,khalid,hassan,youssef,ibrahim,abdullah,saeed,mahmoud,mustafa,tariq,karim,hamza,bilal,faisal,nabil,samir,rami,walid,ziad,adel,fadi,jamal,nasser,sami,yasser,majid,rashid';
export const ARABIC_FEMALE =
  'fatima,aisha,maryam,noor,layla,sara,hana,zainab,mariam,amira,yasmin,salma,rania,dina,lina,nadia,huda,reem,leila,farah,jana,malak,rana,samira,hiba,sana,dalia,nour,maya,lamia';
export const ARABIC_LAST =
  'khan,hussain,ahmed,haddad,khalil,nasser,saleh,hamdan,qureshi,farouk,mansour,aziz,hassan,ibrahim,ali,abdullah,rahman,karim,salem,yousef,abbas,darwish,el-amin,el-sayed,al-sayed,bakr,hamid,jaber,kassem,najjar,sabbagh,tahir,zaki,said,fares,shaheen,issa,khoury,awad,odeh';

export const SOUTHERN_AFRICAN_MALE =
  'sipho,thabo,themba,bongani,mandla,sibusiso,lungile,tshepo,kagiso,lwazi,pieter,johan,willem,jacques,hendrik,francois,andile,lebo,neo,kabelo,musa,vusi,siyabonga,thulani,jabulani';
export const SOUTHERN_AFRICAN_FEMALE =
  'nomvula,thandiwe,lindiwe,zanele,nokuthula,precious,busisiwe,palesa,lerato,naledi,thandeka,ayanda,zinhle,nompumelelo,refilwe,elna,annelie,marietjie,karin,liezl,charlene,michelle,tumi,dineo,kamogelo';
export const SOUTHERN_AFRICAN_LAST =
  'dlamini,nkosi,ndlovu,khumalo,mokoena,mahlangu,zulu,mthembu,ngcobo,buthelezi,sithole,mkhize,shabalala,van der merwe,botha,pretorius,du plessis,nel,venter,smit,fourie,van wyk,joubert,le roux,naidoo,pillay,govender,mabaso,molefe,nkuna';
