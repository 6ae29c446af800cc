// Generated from packages/contract/openapi.yaml by `pnpm --filter @petstore/service generate`: validators
// precompiled by Ajv (standalone code) for every parameter, request body and response body of the contract.
// Do not edit by hand; a test fails when this file is stale.
// @ts-nocheck

export const v0 = validate20;
const schema31 = {"type":"string","enum":["available","pending","sold"],"example":"available"};

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
validate20.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data === "available") || (data === "pending")) || (data === "sold"))){
validate20.errors = [{instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema31.enum},message:"must be equal to one of the allowed values"}];
return false;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const v1 = validate21;
const schema32 = {"type":"object","required":["name","categoryId"],"properties":{"name":{"type":"string","minLength":1,"maxLength":255,"example":"Rex"},"categoryId":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"example":1,"allOf":[{"minimum":-9007199254740991,"maximum":9007199254740991}]},"status":{"type":"string","enum":["available","pending","sold"],"example":"available"}},"example":{"name":"Rex","categoryId":1,"status":"available"}};
const func1 = (function(str){let length=0;let pos=0;const len=str.length;while(pos<len){length++;const value=str.charCodeAt(pos++);if(value>=0xd800&&value<=0xdbff&&pos<len){const extra=str.charCodeAt(pos);if((extra&0xfc00)===0xdc00)pos++;}}return length;});

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.name === undefined) && (missing0 = "name")) || ((data.categoryId === undefined) && (missing0 = "categoryId"))){
validate21.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.name !== undefined){
let data0 = data.name;
const _errs1 = errors;
if(errors === _errs1){
if(typeof data0 === "string"){
if(func1(data0) > 255){
validate21.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data0) < 1){
validate21.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate21.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
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
validate21.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
validate21.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/allOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data1 < -9007199254740991 || isNaN(data1)){
validate21.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/allOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
if(errors === _errs3){
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
validate21.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data1 < -9007199254740991 || isNaN(data1)){
validate21.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
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
const _errs6 = errors;
if(typeof data2 !== "string"){
validate21.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data2 === "available") || (data2 === "pending")) || (data2 === "sold"))){
validate21.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema32.properties.status.enum},message:"must be equal to one of the allowed values"}];
return false;
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
else {
validate21.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":{"name":true,"categoryId":true,"status":true},"dynamicProps":false,"dynamicItems":false};

export const v2 = validate22;
const schema33 = {"type":"object","required":["id","name","categoryId"],"additionalProperties":false,"properties":{"id":{"type":"integer","minimum":1,"example":1,"allOf":[{"minimum":-9007199254740991,"maximum":9007199254740991}]},"name":{"type":"string","minLength":1,"example":"Rex"},"categoryId":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"example":1,"allOf":[{"minimum":-9007199254740991,"maximum":9007199254740991}]},"status":{"type":"string","enum":["available","pending","sold"],"example":"available"}},"example":{"id":1,"name":"Rex","categoryId":1,"status":"available"}};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.id === undefined) && (missing0 = "id")) || ((data.name === undefined) && (missing0 = "name"))) || ((data.categoryId === undefined) && (missing0 = "categoryId"))){
validate22.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((key0 === "id") || (key0 === "name")) || (key0 === "categoryId")) || (key0 === "status"))){
validate22.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.id !== undefined){
let data0 = data.id;
const _errs2 = errors;
if(!((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0)))){
validate22.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(typeof data0 == "number"){
if(data0 > 9007199254740991 || isNaN(data0)){
validate22.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/allOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data0 < -9007199254740991 || isNaN(data0)){
validate22.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/allOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
if(errors === _errs2){
if(typeof data0 == "number"){
if(data0 < 1 || isNaN(data0)){
validate22.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
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
const _errs5 = errors;
if(errors === _errs5){
if(typeof data1 === "string"){
if(func1(data1) < 1){
validate22.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate22.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.categoryId !== undefined){
let data2 = data.categoryId;
const _errs7 = errors;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
validate22.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
validate22.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/allOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data2 < -9007199254740991 || isNaN(data2)){
validate22.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/allOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
if(errors === _errs7){
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
validate22.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data2 < -9007199254740991 || isNaN(data2)){
validate22.errors = [{instancePath:instancePath+"/categoryId",schemaPath:"#/properties/categoryId/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.status !== undefined){
let data3 = data.status;
const _errs10 = errors;
if(typeof data3 !== "string"){
validate22.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data3 === "available") || (data3 === "pending")) || (data3 === "sold"))){
validate22.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema33.properties.status.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs10 === errors;
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
validate22.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v3 = validate23;
const schema34 = {"type":"array","items":{"type":"object","required":["id","name","categoryId"],"additionalProperties":false,"properties":{"id":{"type":"integer","minimum":1,"example":1,"allOf":[{"minimum":-9007199254740991,"maximum":9007199254740991}]},"name":{"type":"string","minLength":1,"example":"Rex"},"categoryId":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"example":1,"allOf":[{"minimum":-9007199254740991,"maximum":9007199254740991}]},"status":{"type":"string","enum":["available","pending","sold"],"example":"available"}},"example":{"id":1,"name":"Rex","categoryId":1,"status":"available"}},"example":[{"id":1,"name":"Rex","categoryId":1,"status":"available"}]};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(Array.isArray(data)){
var valid0 = true;
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
const _errs1 = errors;
if(errors === _errs1){
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
let missing0;
if((((data0.id === undefined) && (missing0 = "id")) || ((data0.name === undefined) && (missing0 = "name"))) || ((data0.categoryId === undefined) && (missing0 = "categoryId"))){
validate23.errors = [{instancePath:instancePath+"/" + i0,schemaPath:"#/items/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs3 = errors;
for(const key0 in data0){
if(!((((key0 === "id") || (key0 === "name")) || (key0 === "categoryId")) || (key0 === "status"))){
validate23.errors = [{instancePath:instancePath+"/" + i0,schemaPath:"#/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs3 === errors){
if(data0.id !== undefined){
let data1 = data0.id;
const _errs4 = errors;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/id",schemaPath:"#/items/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/id",schemaPath:"#/items/properties/id/allOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data1 < -9007199254740991 || isNaN(data1)){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/id",schemaPath:"#/items/properties/id/allOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
if(errors === _errs4){
if(typeof data1 == "number"){
if(data1 < 1 || isNaN(data1)){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/id",schemaPath:"#/items/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
var valid1 = _errs4 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data0.name !== undefined){
let data2 = data0.name;
const _errs7 = errors;
if(errors === _errs7){
if(typeof data2 === "string"){
if(func1(data2) < 1){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/name",schemaPath:"#/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate23.errors = [{instancePath:instancePath+"/" + i0+"/name",schemaPath:"#/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid1 = _errs7 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data0.categoryId !== undefined){
let data3 = data0.categoryId;
const _errs9 = errors;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/categoryId",schemaPath:"#/items/properties/categoryId/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(typeof data3 == "number"){
if(data3 > 9007199254740991 || isNaN(data3)){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/categoryId",schemaPath:"#/items/properties/categoryId/allOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data3 < -9007199254740991 || isNaN(data3)){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/categoryId",schemaPath:"#/items/properties/categoryId/allOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
if(errors === _errs9){
if(typeof data3 == "number"){
if(data3 > 9007199254740991 || isNaN(data3)){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/categoryId",schemaPath:"#/items/properties/categoryId/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data3 < -9007199254740991 || isNaN(data3)){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/categoryId",schemaPath:"#/items/properties/categoryId/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
}
var valid1 = _errs9 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data0.status !== undefined){
let data4 = data0.status;
const _errs12 = errors;
if(typeof data4 !== "string"){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/status",schemaPath:"#/items/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data4 === "available") || (data4 === "pending")) || (data4 === "sold"))){
validate23.errors = [{instancePath:instancePath+"/" + i0+"/status",schemaPath:"#/items/properties/status/enum",keyword:"enum",params:{allowedValues: schema34.items.properties.status.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid1 = _errs12 === errors;
}
else {
var valid1 = true;
}
}
}
}
}
}
}
else {
validate23.errors = [{instancePath:instancePath+"/" + i0,schemaPath:"#/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs1 === errors;
if(!valid0){
break;
}
}
}
else {
validate23.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

export const v4 = validate24;
const schema35 = {"type":"object","required":["code","message","status"],"additionalProperties":false,"properties":{"code":{"type":"string","example":"not_found"},"message":{"type":"string","example":"No pet with id 42."},"status":{"type":"integer","minimum":400,"maximum":599,"example":404}},"example":{"code":"not_found","message":"No pet with id 42.","status":404}};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.code === undefined) && (missing0 = "code")) || ((data.message === undefined) && (missing0 = "message"))) || ((data.status === undefined) && (missing0 = "status"))){
validate24.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((key0 === "code") || (key0 === "message")) || (key0 === "status"))){
validate24.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.code !== undefined){
const _errs2 = errors;
if(typeof data.code !== "string"){
validate24.errors = [{instancePath:instancePath+"/code",schemaPath:"#/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"}];
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
validate24.errors = [{instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"}];
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
validate24.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs6){
if(typeof data2 == "number"){
if(data2 > 599 || isNaN(data2)){
validate24.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/maximum",keyword:"maximum",params:{comparison: "<=", limit: 599},message:"must be <= 599"}];
return false;
}
else {
if(data2 < 400 || isNaN(data2)){
validate24.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/minimum",keyword:"minimum",params:{comparison: ">=", limit: 400},message:"must be >= 400"}];
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
validate24.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const v5 = validate25;
const schema36 = {"type":"integer","minimum":1,"maximum":100,"default":20,"allOf":[{"minimum":-2147483648,"maximum":2147483647}]};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!((typeof data == "number") && (!(data % 1) && !isNaN(data)))){
validate25.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(typeof data == "number"){
if(data > 2147483647 || isNaN(data)){
validate25.errors = [{instancePath,schemaPath:"#/allOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647"}];
return false;
}
else {
if(data < -2147483648 || isNaN(data)){
validate25.errors = [{instancePath,schemaPath:"#/allOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: -2147483648},message:"must be >= -2147483648"}];
return false;
}
}
}
if(errors === 0){
if(typeof data == "number"){
if(data > 100 || isNaN(data)){
validate25.errors = [{instancePath,schemaPath:"#/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100"}];
return false;
}
else {
if(data < 1 || isNaN(data)){
validate25.errors = [{instancePath,schemaPath:"#/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
validate25.errors = vErrors;
return errors === 0;
}
validate25.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const v6 = validate26;
const schema37 = {"type":"string","minLength":1,"maxLength":255};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(typeof data === "string"){
if(func1(data) > 255){
validate26.errors = [{instancePath,schemaPath:"#/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"}];
return false;
}
else {
if(func1(data) < 1){
validate26.errors = [{instancePath,schemaPath:"#/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const v7 = validate27;
const schema38 = {"type":"integer","minimum":1,"maximum":9223372036854776000,"allOf":[{"minimum":-9007199254740991,"maximum":9007199254740991}]};

function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate27.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(!((typeof data == "number") && (!(data % 1) && !isNaN(data)))){
validate27.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(typeof data == "number"){
if(data > 9007199254740991 || isNaN(data)){
validate27.errors = [{instancePath,schemaPath:"#/allOf/0/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data < -9007199254740991 || isNaN(data)){
validate27.errors = [{instancePath,schemaPath:"#/allOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
}
}
if(errors === 0){
if(typeof data == "number"){
if(data > 9223372036854776000 || isNaN(data)){
validate27.errors = [{instancePath,schemaPath:"#/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9223372036854776000},message:"must be <= 9223372036854776000"}];
return false;
}
else {
if(data < 1 || isNaN(data)){
validate27.errors = [{instancePath,schemaPath:"#/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
validate27.errors = vErrors;
return errors === 0;
}
validate27.evaluated = {"dynamicProps":false,"dynamicItems":false};


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
