// Generated from packages/contract/openapi.yaml by `pnpm --filter @petstore/service generate`: validators
// precompiled by Ajv (standalone code) for every parameter, request body and response body of the contract.
// Do not edit by hand; a test fails when this file is stale.
// @ts-nocheck

export const v0 = validate21;
const schema6 = {"type":"string","enum":["available","pending","sold"]};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(typeof data !== "string"){
validate21.errors = [{instancePath,keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data === "available") || (data === "pending")) || (data === "sold"))){
validate21.errors = [{instancePath,keyword:"enum",params:{allowedValues: schema6.enum},message:"must be equal to one of the allowed values"}];
return false;
}
validate21.errors = vErrors;
return errors === 0;
}

export const v1 = validate22;
const schema7 = {"type":"object","required":["name","categoryId"],"properties":{"name":{"type":"string","minLength":1,"maxLength":255},"categoryId":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"status":{"type":"string","enum":["available","pending","sold"]}}};
const func2 = (function(str){let length=0;let pos=0;const len=str.length;while(pos<len){length++;const value=str.charCodeAt(pos++);if(value>=0xd800&&value<=0xdbff&&pos<len){const extra=str.charCodeAt(pos);if((extra&0xfc00)===0xdc00)pos++;}}return length;});

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.name === undefined) && (missing0 = "name")) || ((data.categoryId === undefined) && (missing0 = "categoryId"))){
validate22.errors = [{instancePath,keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.name !== undefined){
let data0 = data.name;
const _errs1 = errors;
if(errors === _errs1){
if(typeof data0 === "string"){
if(func2(data0) > 255){
validate22.errors = [{instancePath:instancePath+"/name",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func2(data0) < 1){
validate22.errors = [{instancePath:instancePath+"/name",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/name",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.categoryId !== undefined){
let data1 = data.categoryId;
const _errs3 = errors;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
validate22.errors = [{instancePath:instancePath+"/categoryId",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs3){
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
validate22.errors = [{instancePath:instancePath+"/categoryId",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data1 < -9007199254740991 || isNaN(data1)){
validate22.errors = [{instancePath:instancePath+"/categoryId",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.status !== undefined){
let data2 = data.status;
const _errs5 = errors;
if(typeof data2 !== "string"){
validate22.errors = [{instancePath:instancePath+"/status",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data2 === "available") || (data2 === "pending")) || (data2 === "sold"))){
validate22.errors = [{instancePath:instancePath+"/status",keyword:"enum",params:{allowedValues: schema7.properties.status.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath,keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate22.errors = vErrors;
return errors === 0;
}

export const v2 = validate23;
const schema8 = {"type":"object","required":["id","name","categoryId"],"additionalProperties":false,"properties":{"id":{"type":"integer","minimum":1,"maximum":9007199254740991},"name":{"type":"string","minLength":1},"categoryId":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"status":{"type":"string","enum":["available","pending","sold"]}}};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.id === undefined) && (missing0 = "id")) || ((data.name === undefined) && (missing0 = "name"))) || ((data.categoryId === undefined) && (missing0 = "categoryId"))){
validate23.errors = [{instancePath,keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((key0 === "id") || (key0 === "name")) || (key0 === "categoryId")) || (key0 === "status"))){
validate23.errors = [{instancePath,keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.id !== undefined){
let data0 = data.id;
const _errs2 = errors;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
validate23.errors = [{instancePath:instancePath+"/id",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs2){
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
validate23.errors = [{instancePath:instancePath+"/id",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data0 < 1 || isNaN(data0)){
validate23.errors = [{instancePath:instancePath+"/id",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.name !== undefined){
let data1 = data.name;
const _errs4 = errors;
if(errors === _errs4){
if(typeof data1 === "string"){
if(func2(data1) < 1){
validate23.errors = [{instancePath:instancePath+"/name",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate23.errors = [{instancePath:instancePath+"/name",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.categoryId !== undefined){
let data2 = data.categoryId;
const _errs6 = errors;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
validate23.errors = [{instancePath:instancePath+"/categoryId",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs6){
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
validate23.errors = [{instancePath:instancePath+"/categoryId",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data2 < -9007199254740991 || isNaN(data2)){
validate23.errors = [{instancePath:instancePath+"/categoryId",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.status !== undefined){
let data3 = data.status;
const _errs8 = errors;
if(typeof data3 !== "string"){
validate23.errors = [{instancePath:instancePath+"/status",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data3 === "available") || (data3 === "pending")) || (data3 === "sold"))){
validate23.errors = [{instancePath:instancePath+"/status",keyword:"enum",params:{allowedValues: schema8.properties.status.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs8 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
else {
validate23.errors = [{instancePath,keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate23.errors = vErrors;
return errors === 0;
}

export const v3 = validate24;
const schema9 = {"type":"array","items":{"$ref":"v2"}};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(Array.isArray(data)){
var valid0 = true;
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
const _errs1 = errors;
if(!(validate23(data[i0], {instancePath:instancePath+"/" + i0,parentData:data,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
var valid0 = _errs1 === errors;
if(!valid0){
break;
}
}
}
else {
validate24.errors = [{instancePath,keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
validate24.errors = vErrors;
return errors === 0;
}

export const v4 = validate26;
const schema10 = {"type":"object","required":["code","message","status"],"additionalProperties":false,"properties":{"code":{"type":"string"},"message":{"type":"string"},"status":{"type":"integer","minimum":400,"maximum":599}}};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.code === undefined) && (missing0 = "code")) || ((data.message === undefined) && (missing0 = "message"))) || ((data.status === undefined) && (missing0 = "status"))){
validate26.errors = [{instancePath,keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((key0 === "code") || (key0 === "message")) || (key0 === "status"))){
validate26.errors = [{instancePath,keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.code !== undefined){
const _errs2 = errors;
if(typeof data.code !== "string"){
validate26.errors = [{instancePath:instancePath+"/code",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.message !== undefined){
const _errs4 = errors;
if(typeof data.message !== "string"){
validate26.errors = [{instancePath:instancePath+"/message",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.status !== undefined){
let data2 = data.status;
const _errs6 = errors;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
validate26.errors = [{instancePath:instancePath+"/status",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs6){
if(typeof data2 == "number"){
if(data2 > 599 || isNaN(data2)){
validate26.errors = [{instancePath:instancePath+"/status",keyword:"maximum",params:{comparison: "<=", limit: 599},message:"must be <= 599"}];
return false;
}
else {
if(data2 < 400 || isNaN(data2)){
validate26.errors = [{instancePath:instancePath+"/status",keyword:"minimum",params:{comparison: ">=", limit: 400},message:"must be >= 400"}];
return false;
}
}
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
else {
validate26.errors = [{instancePath,keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate26.errors = vErrors;
return errors === 0;
}

export const v5 = validate27;
const schema11 = {"type":"integer","minimum":1,"maximum":100};

function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(!((typeof data == "number") && (!(data % 1) && !isNaN(data)))){
validate27.errors = [{instancePath,keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === 0){
if(typeof data == "number"){
if(data > 100 || isNaN(data)){
validate27.errors = [{instancePath,keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100"}];
return false;
}
else {
if(data < 1 || isNaN(data)){
validate27.errors = [{instancePath,keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
validate27.errors = vErrors;
return errors === 0;
}

export const v6 = validate28;
const schema12 = {"type":"string","minLength":1,"maxLength":255};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(typeof data === "string"){
if(func2(data) > 255){
validate28.errors = [{instancePath,keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func2(data) < 1){
validate28.errors = [{instancePath,keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate28.errors = [{instancePath,keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
validate28.errors = vErrors;
return errors === 0;
}

export const v7 = validate29;
const schema13 = {"type":"integer","minimum":1,"maximum":9007199254740991};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(!((typeof data == "number") && (!(data % 1) && !isNaN(data)))){
validate29.errors = [{instancePath,keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === 0){
if(typeof data == "number"){
if(data > 9007199254740991 || isNaN(data)){
validate29.errors = [{instancePath,keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data < 1 || isNaN(data)){
validate29.errors = [{instancePath,keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
validate29.errors = vErrors;
return errors === 0;
}


/** Each precompiled validator by key (`<operationId> <part>`). */
export const validators = {
  "component PetStatus": v0,
  "component NewPet": v1,
  "component Pet": v2,
  "component Pets": v3,
  "component Error": v4,
  "listPets query:limit": v5,
  "listPets query:status": v0,
  "listPets response:200": v3,
  "listPets response:400": v4,
  "listPets response:401": v4,
  "listPets response:503": v4,
  "listPets response:default": v4,
  "createPet header:Idempotency-Key": v6,
  "createPet body": v1,
  "createPet response:201": v2,
  "createPet response:400": v4,
  "createPet response:401": v4,
  "createPet response:413": v4,
  "createPet response:415": v4,
  "createPet response:503": v4,
  "createPet response:default": v4,
  "getPet path:petId": v7,
  "getPet response:200": v2,
  "getPet response:400": v4,
  "getPet response:401": v4,
  "getPet response:404": v4,
  "getPet response:503": v4,
  "getPet response:default": v4,
};
